import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { ImagesController } from './images.controller';
import { DiskImageStore } from './storage/disk-image-store';
import { ImageStore } from './storage/image-store';
import { parseS3Url, S3ImageStore } from './storage/s3-image-store';
import { StoredImages } from './stored-images.service';
import { UploadReader } from './uploads/upload';
import { UploadSlots, uploadSlots } from './uploads/upload-slots';

/** Local disk for `file:<folder>`, S3-compatible object storage for `s3://bucket[/prefix]`. */
export function createImageStore(config: AppConfig): ImageStore {
  if (config.storageUrl.startsWith('file:')) return new DiskImageStore(config.storageUrl.slice('file:'.length));
  const { bucket, prefix } = parseS3Url(config.storageUrl);
  return new S3ImageStore(bucket, prefix, config.s3);
}

@Injectable()
class ImageStoreShutdown implements OnApplicationShutdown {
  constructor(private readonly store: ImageStore) {}

  onApplicationShutdown(): void {
    if (this.store instanceof S3ImageStore) this.store.close();
  }
}

@Module({
  controllers: [ImagesController],
  providers: [
    { provide: ImageStore, inject: [AppConfig], useFactory: createImageStore },
    StoredImages,
    ImageStoreShutdown,
    // One set of slots per process, however many applications it runs (the bound is on memory).
    { provide: UploadSlots, useValue: uploadSlots },
    UploadReader,
  ],
  exports: [ImageStore, StoredImages, UploadSlots, UploadReader],
})
export class ImagesModule {}
