import { s3 } from '../clients/s3';
import { uploadsConfig } from '../config/uploads';

/**
 * Where decks are kept (issue 53): in the private uploads bucket. The founder's browser PUTs the
 * file to `deck-uploads/` (a presigned URL for exactly the declared size; those objects expire after
 * a day); a checked file is copied to `decks/`, kept for as long as the project is. The viewer reads
 * a version through a presigned GET of a few minutes.
 */

export const DECK_UPLOAD_PREFIX = 'deck-uploads/';
export const DECK_PREFIX = 'decks/';
/** How long a viewer's URL of the PDF works (it is fetched at once, when the page opens). */
export const DECK_URL_SECONDS = 5 * 60;

export const deckUploadKey = (projectId: string, uploadId: string) =>
  `${DECK_UPLOAD_PREFIX}${projectId}/${uploadId}.pdf`;
export const deckObjectKey = (projectId: string, version: number) =>
  `${DECK_PREFIX}${projectId}/v${version}.pdf`;

const bucket = () => uploadsConfig().UPLOADS_BUCKET;

/** A presigned PUT of exactly `contentLength` bytes of `application/pdf` (valid 15 minutes). */
export async function presignDeckUpload(key: string, contentLength: number): Promise<string> {
  const { client, sdk } = await s3();
  return sdk.getSignedUrl(
    client,
    new sdk.PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      ContentType: 'application/pdf',
      ContentLength: contentLength,
    }),
    { expiresIn: 15 * 60, signableHeaders: new Set(['content-type', 'content-length']) },
  );
}

/** The size of an uploaded object, or null when it is not there. */
export async function deckObjectSize(key: string): Promise<number | null> {
  try {
    const { client, sdk } = await s3();
    const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NotFound' || name === 'NoSuchKey') return null;
    throw error;
  }
}

export async function readDeckObject(key: string): Promise<Uint8Array> {
  const { client, sdk } = await s3();
  const result = await client.send(new sdk.GetObjectCommand({ Bucket: bucket(), Key: key }));
  return (await result.Body?.transformToByteArray()) ?? new Uint8Array();
}

/** Keeps a checked deck under `decks/` (the bytes that were checked, not the upload's key again). */
export async function putDeckObject(key: string, bytes: Uint8Array): Promise<void> {
  const { client, sdk } = await s3();
  await client.send(
    new sdk.PutObjectCommand({ Bucket: bucket(), Key: key, Body: bytes, ContentType: 'application/pdf' }),
  );
}

/** A short-lived GET of a deck: shown in the page (`inline`), or a download named `fileName`. */
export async function presignDeckRead(key: string, download: string | null): Promise<string> {
  const { client, sdk } = await s3();
  return sdk.getSignedUrl(
    client,
    new sdk.GetObjectCommand({
      Bucket: bucket(),
      Key: key,
      ResponseContentType: 'application/pdf',
      ResponseContentDisposition: download ? `attachment; filename="${download}"` : 'inline',
    }),
    { expiresIn: DECK_URL_SECONDS },
  );
}
