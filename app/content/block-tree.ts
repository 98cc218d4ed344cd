/**
 * The block tree as types, written out because zod cannot infer a recursive type; the block
 * schemas in schema.ts are checked against them. A module of its own so that code the schemas
 * use to walk the tree (walk-blocks.ts) can name a Block without importing the schemas back.
 */
import type { Field, Image, RichText } from './block-parts';

export type Action =
  | { label: string; href: string }
  | { label: string; modal: { title: string; blocks: Block[] } };

export type Block =
  | { type: 'hero'; id?: string; heading: string; text?: string; image?: Image; actions?: Action[] }
  | { type: 'richText'; id?: string; doc: RichText }
  | { type: 'image'; id?: string; image: Image; caption?: string }
  | { type: 'gallery'; id?: string; heading?: string; images: Image[] }
  | {
      type: 'cards';
      id?: string;
      heading?: string;
      items: { title: string; text?: string; image?: Image; href?: string }[];
    }
  | { type: 'accordion'; id?: string; heading?: string; items: { question: string; answer: RichText }[] }
  | { type: 'table'; id?: string; caption?: string; header: string[]; rows: string[][] }
  | { type: 'cta'; id?: string; text?: string; action: Action }
  | {
      type: 'form';
      id: string;
      title?: string;
      fields: Field[];
      submitLabel: string;
      successMessage: string;
      endpoint?: string;
      /** a site.json `webhooks` name: stored entries are delivered there */
      webhook?: string;
    }
  | { type: 'section'; id?: string; heading?: string; blocks: Block[] };

export type BlockType = Block['type'];
