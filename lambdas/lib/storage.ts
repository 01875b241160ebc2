import type { Readable } from 'node:stream';
import { s3 } from './clients/s3';
import { exportsConfig } from './config/exports';
import { uploadsConfig } from './config/uploads';

/** Where an import's CSV file is kept in the uploads bucket. */
export const importObjectKey = (jobId: string) => `imports/${jobId}.csv`;

/**
 * A presigned PUT URL the admin's browser uploads the CSV file to (valid 15 minutes). It signs the
 * content type and the declared length: S3 refuses a body of any other size, so the bucket never
 * holds more than the admin declared (and the API bounded). No checksum is signed (the client
 * computes checksums only when required), so the URL does not carry the checksum of an empty body.
 */
export async function presignImportUpload(key: string, contentLength: number): Promise<string> {
  const { client, sdk } = await s3();
  return sdk.getSignedUrl(
    client,
    new sdk.PutObjectCommand({
      Bucket: uploadsConfig().UPLOADS_BUCKET,
      Key: key,
      ContentType: 'text/csv',
      ContentLength: contentLength,
    }),
    { expiresIn: 15 * 60, signableHeaders: new Set(['content-type', 'content-length']) },
  );
}

/** The size of an uploaded object, or null when it is not there. */
export async function uploadedObjectSize(key: string): Promise<number | null> {
  try {
    const { client, sdk } = await s3();
    const head = await client.send(
      new sdk.HeadObjectCommand({ Bucket: uploadsConfig().UPLOADS_BUCKET, Key: key }),
    );
    return head.ContentLength ?? 0;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NotFound' || name === 'NoSuchKey') return null;
    throw error;
  }
}

/** Streams an uploaded object from a byte offset (imports resume where the last chunk stopped). */
export async function streamUpload(key: string, fromByte = 0): Promise<Readable> {
  const { client, sdk } = await s3();
  const result = await client.send(
    new sdk.GetObjectCommand({
      Bucket: uploadsConfig().UPLOADS_BUCKET,
      Key: key,
      ...(fromByte > 0 ? { Range: `bytes=${fromByte}-` } : {}),
    }),
  );
  if (!result.Body) throw new Error(`Object ${key} has no body`);
  return result.Body as Readable;
}

/** The first bytes of an uploaded object (to tell text from binary before parsing). */
export async function readUploadHead(key: string, bytes: number): Promise<Buffer> {
  const { client, sdk } = await s3();
  const result = await client.send(
    new sdk.GetObjectCommand({
      Bucket: uploadsConfig().UPLOADS_BUCKET,
      Key: key,
      Range: `bytes=0-${bytes - 1}`,
    }),
  );
  return Buffer.from((await result.Body?.transformToByteArray()) ?? []);
}

/** Stores a file in the exports bucket (the CSV of a purchase, kept for re-delivery). */
export async function putExport(
  key: string,
  body: string,
  contentType = 'text/csv; charset=utf-8',
): Promise<void> {
  const { client, sdk } = await s3();
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: exportsConfig().EXPORTS_BUCKET,
      Key: key,
      Body: body,
      ContentType: contentType,
    }),
  );
}

/** Reads a stored export back (to attach it to the email). */
export async function getExport(key: string): Promise<string> {
  const { client, sdk } = await s3();
  const result = await client.send(
    new sdk.GetObjectCommand({ Bucket: exportsConfig().EXPORTS_BUCKET, Key: key }),
  );
  return (await result.Body?.transformToString('utf-8')) ?? '';
}

/** How long a re-download link of a delivered CSV works. */
export const EXPORT_LINK_SECONDS = 5 * 60;

/** A short-lived signed GET of a stored export, served as a download named `fileName`. */
export async function presignExportDownload(key: string, fileName: string): Promise<string> {
  const { client, sdk } = await s3();
  return sdk.getSignedUrl(
    client,
    new sdk.GetObjectCommand({
      Bucket: exportsConfig().EXPORTS_BUCKET,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
      ResponseContentType: 'text/csv; charset=utf-8',
    }),
    { expiresIn: EXPORT_LINK_SECONDS },
  );
}
