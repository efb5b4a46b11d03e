import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { ImagesController } from './images.controller';
import { HotImages } from './hot-images';
import { DiskImageStore } from './storage/disk-image-store';
import { ImageStore } from './storage/image-store';
import type * as S3Storage from './storage/s3-image-store';
import { StoredImages } from './stored-images.service';
import { UploadReader } from './uploads/upload';
import { UploadSlots, uploadSlots } from './uploads/upload-slots';

/** Local disk for `file:<folder>`, S3-compatible object storage for `s3://bucket[/prefix]`. */
export function createImageStore(config: AppConfig): ImageStore {
  if (config.storageUrl.startsWith('file:')) return new DiskImageStore(config.storageUrl.slice('file:'.length));
  // The S3 client is some 20 MiB of resident code: loaded only where the storage is S3.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { parseS3Url, S3ImageStore } = require('./storage/s3-image-store') as typeof S3Storage;
  const { bucket, prefix } = parseS3Url(config.storageUrl);
  return new S3ImageStore(bucket, prefix, config.s3);
}

@Injectable()
class ImageStoreShutdown implements OnApplicationShutdown {
  constructor(private readonly store: ImageStore) {}

  onApplicationShutdown(): void {
    (this.store as Partial<S3Storage.S3ImageStore>).close?.();
  }
}

@Module({
  controllers: [ImagesController],
  providers: [
    { provide: ImageStore, inject: [AppConfig], useFactory: createImageStore },
    StoredImages,
    HotImages,
    ImageStoreShutdown,
    // One set of slots per process, however many applications it runs (the bound is on memory).
    { provide: UploadSlots, useValue: uploadSlots },
    UploadReader,
  ],
  exports: [ImageStore, StoredImages, UploadSlots, UploadReader],
})
export class ImagesModule {}
