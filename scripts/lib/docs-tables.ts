/**
 * Tables in docs/ that restate code are generated from it, so a fact is written once: the
 * region between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->` in a markdown file
 * is rewritten from the source (constants with their values, the budgets, the English
 * validation messages). The source is read as TypeScript syntax, never run: a constant of
 * browser code can be documented without loading the browser's globals.
 */
import ts from 'typescript';

/** A source file, by its path from the repository root. */
export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

export class DocsTableError extends Error {}

const REGION_RE = /<!-- generated:([a-z0-9-]+) -->\n[\s\S]*?<!-- \/generated:\1 -->/g;
const OPEN_RE = /<!-- generated:([a-z0-9-]+) -->/g;

/** The names of the generated regions in a markdown text, in order. */
export function regionNames(markdown: string): string[] {
  return [...markdown.matchAll(OPEN_RE)].map((m) => m[1]!);
}

/**
 * The markdown with each generated region's body replaced by `render(name)`. A marker without
 * its closing marker, or a name `render` does not know, is an error naming the file.
 */
export function fillRegions(markdown: string, file: string, render: (name: string) => string | undefined): string {
  const closed = new Set([...markdown.matchAll(REGION_RE)].map((m) => m[1]!));
  for (const name of regionNames(markdown))
    if (!closed.has(name)) throw new DocsTableError(`${file}: <!-- generated:${name} --> has no <!-- /generated:${name} --> after it`);
  return markdown.replace(REGION_RE, (_region, name: string) => {
    const body = render(name);
    if (body === undefined) throw new DocsTableError(`${file}: no table is generated under the name "${name}"`);
    return `<!-- generated:${name} -->\n${body.trimEnd()}\n<!-- /generated:${name} -->`;
  });
}

/** GitHub's anchor for a heading: lowercased, punctuation dropped, spaces to hyphens. */
export const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

/** The headings of a markdown text by their anchors. */
export function headingsByAnchor(markdown: string): Map<string, string> {
  return new Map([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) => [anchorOf(m[1]!), m[1]!.trim()]));
}

type Value = number | string | readonly Value[];

/** A comment that starts by citing the section of docs/behaviour.md the constant serves. */
const CITATION_RE = /^docs\/behaviour\.md#([a-z0-9-]+):?\s*/;

/**
 * The value of a constant's initializer: numbers, strings, arithmetic and arrays of them, and
 * the identifiers `known` names (the budgets' `KB`).
 */
function evaluate(node: ts.Expression, where: string, known: ReadonlyMap<string, number> = new Map()): Value {
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isIdentifier(node) && known.has(node.text)) return known.get(node.text)!;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return evaluate(node.expression, where, known);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) return -Number(evaluate(node.operand, where, known));
  if (ts.isArrayLiteralExpression(node)) return node.elements.map((e) => evaluate(e, where, known));
  if (ts.isBinaryExpression(node)) {
    const [a, b] = [Number(evaluate(node.left, where, known)), Number(evaluate(node.right, where, known))];
    switch (node.operatorToken.kind) {
      case ts.SyntaxKind.AsteriskToken:
        return a * b;
      case ts.SyntaxKind.SlashToken:
        return a / b;
      case ts.SyntaxKind.PlusToken:
        return a + b;
      case ts.SyntaxKind.MinusToken:
        return a - b;
    }
  }
  throw new DocsTableError(`${where}: the value is not a literal the docs can show`);
}

/** The text of the last doc comment right before a node, without its `*`s, on one line. */
function docComment(node: ts.Node, text: string): string {
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  const last = ranges.filter((r) => text.startsWith('/**', r.pos)).at(-1);
  if (!last) return '';
  return text
    .slice(last.pos + 3, last.end - 2)
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .join(' ')
    .trim();
}

export interface Constant {
  readonly name: string;
  readonly path: string;
  readonly value: Value;
  readonly comment: string;
}

/** Every top-level `const NAME = literal` of the files, by name. */
export function constantsOf(files: readonly SourceFile[]): Map<string, Constant[]> {
  const found = new Map<string, Constant[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
    const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
    // A constant without a comment, right under one that cites a section, is of that section.
    let citing: { citation: string; endLine: number } | undefined;
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      let comment = docComment(statement, file.text);
      const inherited = !comment && citing && lineOf(statement.getStart()) === citing.endLine + 1 ? citing.citation : undefined;
      if (inherited) comment = inherited;
      const citation = CITATION_RE.exec(comment)?.[0].replace(/:?\s*$/, '');
      citing = citation ? { citation, endLine: lineOf(statement.getEnd()) } : undefined;
      for (const decl of statement.declarationList.declarations) {
        if (!ts.isIdentifier(decl.name) || !decl.initializer) continue;
        const name = decl.name.text;
        let value: Value;
        try {
          value = evaluate(decl.initializer, `${file.path}: ${name}`);
        } catch {
          continue; // not a literal: not a constant a table can show
        }
        const list = found.get(name) ?? [];
        list.push({ name, path: file.path, value, comment });
        found.set(name, list);
      }
    }
  }
  return found;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

function formatValue(value: Value): string {
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 6 });
  if (typeof value === 'string') return `\`${value}\``;
  return value.map(formatValue).join(', ');
}

/** The first sentence of a comment (a dot before a space and a capital or the end). */
function firstSentence(comment: string): string {
  const match = /^(.*?[.!?])(?=\s+[A-Z(`]|$)/.exec(comment);
  return (match ? match[1]! : comment).trim();
}

/**
 * A table of named constants: name, value, file, meaning (the first sentence of its doc
 * comment) and, when the comment cites a section of docs/behaviour.md, a link to it.
 * `headings` are that document's, so the link's text is the section's number.
 */
export function constantsTable(names: readonly string[], constants: Map<string, Constant[]>, headings: Map<string, string>): string {
  const rows = names.map((name) => {
    const matches = constants.get(name) ?? [];
    if (matches.length !== 1)
      throw new DocsTableError(
        matches.length === 0
          ? `no constant ${name} with a literal value in app/ or worker/`
          : `${name} is declared in ${matches.map((m) => m.path).join(' and ')}`,
      );
    const c = matches[0]!;
    const citation = CITATION_RE.exec(c.comment);
    const rest = firstSentence(c.comment.replace(CITATION_RE, ''));
    const meaning = rest.charAt(0).toUpperCase() + rest.slice(1);
    let section = '';
    if (citation) {
      const heading = headings.get(citation[1]!);
      if (!heading) throw new DocsTableError(`${c.path}: ${name} cites docs/behaviour.md#${citation[1]}, which is no heading`);
      section = `[${heading.split(' ')[0]!.replace(/\.$/, '')}](#${citation[1]})`;
    }
    return `| \`${name}\` | ${cell(formatValue(c.value))} | \`${c.path}\` | ${cell(meaning)} | ${section} |`;
  });
  return ['| Constant | Value | Where | Meaning | Section |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

/** The properties of the object literal `const NAME = { … }` in a file, with their doc comments. */
export function objectLiteral(
  file: SourceFile,
  name: string,
  known: ReadonlyMap<string, number> = new Map(),
): { key: string; value: Value; comment: string }[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name) || decl.name.text !== name || !decl.initializer) continue;
      let init: ts.Expression = decl.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
      if (!ts.isObjectLiteralExpression(init)) break;
      return init.properties.filter(ts.isPropertyAssignment).map((p) => {
        const key = p.name.getText(source);
        return { key, value: evaluate(p.initializer, `${file.path}: ${name}.${key}`, known), comment: docComment(p, file.text) };
      });
    }
  }
  throw new DocsTableError(`${file.path}: no object literal ${name}`);
}

const BOUNDS: [RegExp, string][] = [
  [/\s*\(at most\)/, '≤'],
  [/\s*\(strictly below\)/, '<'],
  [/\s*\(at least\)/, '≥'],
];

/** How a budget's limit reads, from its key's unit: bytes in KB, ms, a share in %, else a ratio. */
function formatLimit(key: string, value: number): string {
  if (/Bytes$/.test(key)) return `${value / 1024} KB`;
  if (/Ms$/.test(key)) return `${value} ms`;
  if (/Saving$/.test(key)) return `${Math.round(value * 100)}%`;
  return `${value}×`;
}

/** The budgets table: what each budget measures (its comment) and its limit with its bound. */
export function budgetsTable(file: SourceFile): string {
  // Budgets are written in KB (`15 * KB`).
  const rows = objectLiteral(file, 'BUDGETS', new Map([['KB', 1024]])).map(({ key, value, comment }) => {
    const bound = BOUNDS.find(([re]) => re.test(comment));
    if (!bound) throw new DocsTableError(`${file.path}: BUDGETS.${key} does not say (at most), (strictly below) or (at least)`);
    return `| ${cell(comment.replace(bound[0], ''))} | \`${key}\` | ${bound[1]} ${formatLimit(key, Number(value))} |`;
  });
  return ['| Budget | Key | Limit |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The string members of `type NAME = 'a' | 'b' | …` in a file. */
function stringUnion(file: SourceFile, name: string): string[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const alias = source.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === name);
  if (!alias || !ts.isUnionTypeNode(alias.type)) throw new DocsTableError(`${file.path}: no union type ${name}`);
  return alias.type.types.map((t) => {
    if (!ts.isLiteralTypeNode(t) || !ts.isStringLiteral(t.literal))
      throw new DocsTableError(`${file.path}: ${name} has a member that is not a string`);
    return t.literal.text;
  });
}

/**
 * The English validation messages: each message once, with the rules that say it, and the
 * fallback with the rules that have no text of their own.
 */
export function messagesTable(messages: SourceFile, ruleString: SourceFile): string {
  const table = objectLiteral(messages, 'en');
  const byMessage = new Map<string, string[]>();
  let fallback: string | undefined;
  for (const { key, value } of table) {
    if (key === 'fallback') fallback = String(value);
    else byMessage.set(String(value), [...(byMessage.get(String(value)) ?? []), key]);
  }
  if (fallback === undefined) throw new DocsTableError(`${messages.path}: the en table has no fallback`);
  const own = new Set(table.map((t) => t.key));
  const without = stringUnion(ruleString, 'RuleName').filter((rule) => !own.has(rule));
  const rows = [...byMessage].map(([message, rules]) => `| ${rules.map((r) => `\`${r}\``).join(', ')} | ${cell(message)} |`);
  const fallbackRules = without.length
    ? `${without.map((r) => `\`${r}\``).join(', ')}, and any rule without its own text`
    : 'any rule without its own text';
  rows.push(`| ${fallbackRules} | ${cell(fallback)} |`);
  return ['| Rule | Message |', '| --- | --- |', ...rows].join('\n');
}
