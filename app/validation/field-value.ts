/**
 * What a form field holds, as the rules (rules.ts) check it and the entry point (validate.ts)
 * takes it: a module of its own so that neither of them imports the other for it.
 */

/**
 * What the rules read of an upload. A browser's File is one; the worker's stands for an
 * upload whose bytes it did not keep beyond the head (`slice` gives only those).
 */
export interface UploadedFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  slice(start?: number, end?: number): Blob;
}

export type FieldValue = string | boolean | readonly UploadedFile[] | null | undefined; // text-like fields: string; checkbox: boolean; file: files
