/**
 * Preloaded into s3rver's process (`node --require`, infra/local/emulators.ts). s3rver answers a PUT
 * once the body has passed into its file stream, before the bytes are on disk, and takes a GET's
 * length from the file's size then: a GET right after a PUT (the recount's state, the search
 * snapshot) could read an empty or cut object on a busy machine, where S3 reads what was written.
 * Each PUT now answers once the file holds every byte (at most 30 s later).
 *
 * s3rver also writes an object in place: two PUTs of one key at once (two folds of the search
 * snapshot) wrote into the same file, and a GET during a PUT read half of each, where S3 keeps every
 * PUT whole and a GET sees one version. Each key's PUTs and GETs now take turns: a GET reads the
 * object whole within its turn and answers from memory.
 */
'use strict';
const { stat } = require('node:fs/promises');
const { Readable } = require('node:stream');
const FilesystemStore = require('s3rver/lib/stores/filesystem');

const putObject = FilesystemStore.prototype.putObject;
const getObject = FilesystemStore.prototype.getObject;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The end of the last operation queued on each key. */
const turns = new Map();

/** Waits for the key's earlier operations, then returns the function that ends this one. */
async function takeTurn(key) {
  const previous = turns.get(key) ?? Promise.resolve();
  let release;
  const done = new Promise((resolve) => {
    release = resolve;
  });
  const mine = previous.then(() => done);
  turns.set(key, mine);
  await previous;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release();
    if (turns.get(key) === mine) turns.delete(key);
  };
}

FilesystemStore.prototype.putObject = async function putObjectWhole(object) {
  const end = await takeTurn(`${object.bucket}/${object.key}`);
  try {
    const result = await putObject.call(this, object);
    const file = this.getResourcePath(object.bucket, object.key, 'object');
    // s3rver opens the file's stream asynchronously: on a busy machine the file may not exist yet
    // when the body has been read (a stat then failed, and the PUT answered 500).
    for (let waited = 0; waited < 30_000; waited += 5) {
      const written = await stat(file).catch((error) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (written?.size === result.size) break;
      await sleep(5);
    }
    return result;
  } finally {
    end();
  }
};

FilesystemStore.prototype.getObject = async function getObjectWhole(bucket, key, options) {
  const end = await takeTurn(`${bucket}/${key}`);
  try {
    const object = await getObject.call(this, bucket, key, options);
    const body = object?.content;
    if (!body || typeof body.on !== 'function') return object;
    // Read whole within the turn: the answer is served from memory, and the key is free at once
    // (a 304 or a client that goes away never reads the file's stream).
    const chunks = [];
    for await (const chunk of body) chunks.push(chunk);
    object.content = Readable.from([Buffer.concat(chunks)]);
    return object;
  } finally {
    end();
  }
};
