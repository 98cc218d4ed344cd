import type { z } from 'zod';

/** `blocks[3].items[0].title` from zod's `['blocks', 3, 'items', 0, 'title']`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out || '(root)';
}

/** A missing value reads "Required", as editors expect, instead of zod's type wording. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return 'Required';
  return issue.message;
}

export interface ContentProblem {
  file: string;
  path: string;
  message: string;
}

export function problemsFromZod(file: string, error: z.ZodError): ContentProblem[] {
  return error.issues.map((issue) => ({ file, path: formatIssuePath(issue.path), message: issueMessage(issue) }));
}

/** One line per problem: `content/pages/et/foo.json: blocks[3].items[0].title: Required`. */
export function formatProblem(p: ContentProblem): string {
  return `${p.file}: ${p.path}: ${p.message}`;
}
