import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config/config';
import {
  assertStoredName,
  extensionOf,
  IMAGE_TYPES,
  ImageStore,
  type ImageType,
  isStoredName,
  type StoredFile,
  type StoredFileEntry,
} from './image-store';

const CONTENT_TYPES = { png: 'image/png', glb: 'model/gltf-binary' } as const;

/** Objects under `s3://bucket/<prefix><type>/<name>`; a PUT is atomic, so no half file is ever visible. */
export class S3ImageStore extends ImageStore {
  private readonly client: S3Client;

  constructor(
    private readonly bucket: string,
    private readonly prefix: string,
    config: S3Config,
  ) {
    super();
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  async put(type: ImageType, name: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(type, name),
        Body: bytes,
        ContentType: CONTENT_TYPES[extensionOf(type)],
      }),
    );
  }

  async get(type: ImageType, name: string): Promise<StoredFile | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(type, name) }));
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async *list(): AsyncIterable<StoredFileEntry> {
    for (const type of IMAGE_TYPES) {
      const folder = `${this.prefix}${type}/`;
      let token: string | undefined;
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(folder.length) ?? '';
          if (isStoredName(type, name)) yield { type, name, size: object.Size ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    }
  }

  async remove(type: ImageType, name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(type, name) }));
  }

  close(): void {
    this.client.destroy();
  }

  private keyOf(type: ImageType, name: string): string {
    assertStoredName(type, name);
    return `${this.prefix}${type}/${name}`;
  }
}

/** `s3://bucket/some/prefix` to the bucket and a key prefix ending in `/` (or empty). */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const [bucket, ...path] = url.slice('s3://'.length).split('/');
  const prefix = path.filter(Boolean).join('/');
  return { bucket, prefix: prefix ? `${prefix}/` : '' };
}
