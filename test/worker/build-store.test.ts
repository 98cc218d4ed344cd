/** The build store's errors, in-process: named for the log, with what went wrong underneath kept. */
import { describe, expect, test } from 'vitest';
import { BuildMemory, CorruptRecordError, KvUnavailableError, createBuildStore, type KvReader } from '../../worker/build-store';
import { BUILD_ID } from './in-process';

const storeOver = (kv: KvReader) => createBuildStore({ kv, memory: new BuildMemory() });

describe('the build store’s errors', () => {
  test('a KV read that throws is a KvUnavailableError that keeps what KV threw', async () => {
    const thrown = new Error('KV GET failed');
    const err: unknown = await storeOver({ get: () => Promise.reject(thrown) })
      .manifest(BUILD_ID)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KvUnavailableError);
    expect(err).toMatchObject({ name: 'KvUnavailableError', status: 503, cause: thrown });
  });

  test('a record that is not JSON is a CorruptRecordError that keeps the parse error', async () => {
    const err: unknown = await storeOver({ get: () => Promise.resolve('{"id": ') })
      .manifest(BUILD_ID)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CorruptRecordError);
    expect(err).toMatchObject({ name: 'CorruptRecordError', status: 500, cause: expect.any(SyntaxError) });
  });
});
