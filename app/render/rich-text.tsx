import type { ReactNode } from 'react';
import type { Mark, RichNode, RichText as RichTextDoc } from '../content/schema';
import { isSafeRichTextHref } from '../urls';
import type { ContentPathAttributes } from './content-paths';

/** Text is always rendered as text; a link whose href is not allowed renders as plain text. */
function applyMark(node: ReactNode, mark: Mark, key: number): ReactNode {
  switch (mark.type) {
    case 'bold':
      return <strong key={key}>{node}</strong>;
    case 'italic':
      return <em key={key}>{node}</em>;
    case 'underline':
      return <u key={key}>{node}</u>;
    case 'strike':
      return <s key={key}>{node}</s>;
    case 'code':
      return <code key={key}>{node}</code>;
    case 'link':
      return isSafeRichTextHref(mark.attrs.href) ? (
        <a key={key} href={mark.attrs.href}>
          {node}
        </a>
      ) : (
        node
      );
    default:
      return node;
  }
}

function renderNodes(nodes: RichNode[] | undefined): ReactNode[] {
  return (nodes ?? []).map((node, i) => renderNode(node, i));
}

function renderNode(node: RichNode, key: number): ReactNode {
  switch (node.type) {
    case 'text':
      return (node.marks ?? []).reduce<ReactNode>((acc, mark, i) => applyMark(acc, mark, i), node.text) ?? null;
    case 'paragraph':
      return <p key={key}>{renderNodes(node.content)}</p>;
    case 'heading': {
      const Tag = `h${node.attrs.level}` as const;
      return <Tag key={key}>{renderNodes(node.content)}</Tag>;
    }
    case 'bulletList':
      return <ul key={key}>{renderNodes(node.content)}</ul>;
    case 'orderedList':
      return (
        <ol key={key} start={node.attrs?.start}>
          {renderNodes(node.content)}
        </ol>
      );
    case 'listItem':
      return <li key={key}>{renderNodes(node.content)}</li>;
    case 'blockquote':
      return <blockquote key={key}>{renderNodes(node.content)}</blockquote>;
    case 'hardBreak':
      return <br key={key} />;
    case 'horizontalRule':
      return <hr key={key} />;
    default:
      return null;
  }
}

export function RichText({ doc, paths }: { doc: RichTextDoc; paths?: ContentPathAttributes }) {
  return (
    <div className="rich-text" {...paths}>
      {renderNodes(doc.content)}
    </div>
  );
}
