/**
 * Preloaded into s3rver's process (`node --require`, infra/local/emulators.ts). s3rver answers a PUT
 * once the body has passed into its file stream, before the bytes are on disk, and takes a GET's
 * length from the file's size then: a GET right after a PUT (the recount's state, the search
 * snapshot) could read an empty or cut object on a busy machine, where S3 reads what was written.
 * Each PUT now answers once the file holds every byte (at most 5 s later).
 */
'use strict';
const { stat } = require('node:fs/promises');
const FilesystemStore = require('s3rver/lib/stores/filesystem');

const putObject = FilesystemStore.prototype.putObject;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

FilesystemStore.prototype.putObject = async function putObjectOnDisk(object) {
  const result = await putObject.call(this, object);
  const file = this.getResourcePath(object.bucket, object.key, 'object');
  for (let waited = 0; waited < 5_000; waited += 5) {
    if ((await stat(file)).size === result.size) break;
    await sleep(5);
  }
  return result;
};
