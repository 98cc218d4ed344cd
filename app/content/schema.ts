/**
 * The content contract (docs/content-model.md) as zod schemas. The build validates every
 * content file with these, the editor preview validates live documents with them, and the
 * worker and client render the inferred types. What blocks are made of (block-parts.ts) and
 * the block tree's type (block-tree.ts) live apart so the tree's walk can name a Block without
 * importing this module; they are re-exported here, so the contract has one place to import from.
 */
import { z } from 'zod';
import { MAX_SECTION_DEPTH, PAGE_EDGE_TTL_S } from '../constants';
import { GTM_ID_RE } from '../validation/rule-string';
import { CONSENT_MODES, DEFAULT_CONSENT_MODE } from '../consent';
import { hasRefusedProtocol, isHttpUrl, isHttpsUrl, isInternalPath, isSafeHref } from '../urls';
import { Field, FORM_MAX_FIELDS, Image, nonEmpty, RichText } from './block-parts';
import type * as tree from './block-tree';
import { schemaOf } from '../schema-of';
import { strictObject } from './unknown-keys';
import { walkBlocks } from './walk-blocks';
import { webhookUrlProblem } from './webhook-url';

export { Field, FIELD_NAME_MAX_CHARS, FieldKind, FORM_MAX_FIELDS, Image, Mark, RichNode, RichText, TextNode } from './block-parts';
export type { BlockType } from './block-tree';
export { walkBlocks };

const anchorId = z.string().regex(/^[a-z0-9-]+$/, 'Must be lowercase letters, digits and hyphens');
/** A key of site.json `webhooks`, named by form blocks. */
const WebhookName = z.string().regex(/^[a-z0-9-]{1,64}$/, 'Must be 1-64 lowercase letters, digits and hyphens');

export const Href = z.string().refine(isSafeHref, 'Must be an internal path (/...) or an http(s) URL');

// ---------------------------------------------------------------- blocks (recursive)

export type Action = tree.Action;
export type Block = tree.Block;

/**
 * A link or a modal's button: one object with `href` or `modal`, not a union of two shapes, so
 * that a misspelt key is named as such rather than failing both shapes at once, and an action
 * with both says so instead of one being dropped.
 */
export const Action: z.ZodType<Action> = schemaOf<Action>()(
  z.lazy(() =>
  strictObject({ label: nonEmpty, href: Href.optional(), modal: strictObject({ title: nonEmpty, blocks: z.array(Block) }).optional() })
    .superRefine((action, ctx) => {
      if (action.href !== undefined && action.modal !== undefined)
        ctx.addIssue({ code: 'custom', path: ['modal'], message: 'An action has href (a link) or modal (a button that opens one), not both' });
      if (action.href === undefined && action.modal === undefined)
        ctx.addIssue({ code: 'custom', path: [], message: 'Needs href (a link) or modal (a button that opens one)' });
    })
    .transform((action): Action => (action.modal === undefined ? { label: action.label, href: action.href! } : { label: action.label, modal: action.modal })),
  ),
);

const base = { id: anchorId.optional() };

const BLOCK_SCHEMAS = {
  hero: strictObject({ type: z.literal('hero'), ...base, heading: nonEmpty, text: z.string().optional(), image: Image.optional(), actions: z.array(Action).optional() }),
  richText: strictObject({ type: z.literal('richText'), ...base, doc: RichText }),
  image: strictObject({ type: z.literal('image'), ...base, image: Image, caption: z.string().optional() }),
  gallery: strictObject({ type: z.literal('gallery'), ...base, heading: z.string().optional(), images: z.array(Image).min(1).max(50) }),
  cards: strictObject({
    type: z.literal('cards'),
    ...base,
    heading: z.string().optional(),
    items: z
      .array(strictObject({ title: nonEmpty, text: z.string().optional(), image: Image.optional(), href: Href.optional() }))
      .min(1)
      .max(24),
  }),
  accordion: strictObject({
    type: z.literal('accordion'),
    ...base,
    heading: z.string().optional(),
    items: z.array(strictObject({ question: nonEmpty, answer: RichText })).min(1).max(50),
  }),
  table: strictObject({ type: z.literal('table'), ...base, caption: z.string().optional(), header: z.array(z.string()).min(1), rows: z.array(z.array(z.string())) })
    .superRefine((t, ctx) => {
      t.rows.forEach((row, i) => {
        if (row.length !== t.header.length) {
          ctx.addIssue({ code: 'custom', path: ['rows', i], message: `Has ${row.length} cells; the header has ${t.header.length}` });
        }
      });
    }),
  cta: strictObject({ type: z.literal('cta'), ...base, text: z.string().optional(), action: z.lazy(() => Action) }),
  form: strictObject({
      type: z.literal('form'),
      // The form endpoint takes ids of at most 64 characters: a longer one could never be sent.
      id: anchorId.max(64, 'Must be at most 64 characters'),
      title: z.string().optional(),
      fields: z.array(Field).min(1).max(FORM_MAX_FIELDS, `A form may have at most ${FORM_MAX_FIELDS} fields`),
      submitLabel: nonEmpty,
      successMessage: nonEmpty,
      endpoint: z
        .string()
        .refine((s) => isInternalPath(s) || isHttpsUrl(s), 'Must be a same-origin path or an https URL')
        .optional(),
      // The name of a site.json `webhooks` entry: the site's endpoint stores each entry, then
      // delivers it there (the build checks that the name exists).
      webhook: WebhookName.optional(),
    })
    .superRefine((form, ctx) => {
      if (form.webhook !== undefined && form.endpoint !== undefined)
        ctx.addIssue({ code: 'custom', path: ['webhook'], message: 'A form with its own endpoint is not stored by the site, so it cannot name a webhook' });
      const names = form.fields.map((f) => f.name);
      names.forEach((name, i) => {
        if (names.indexOf(name) !== i) ctx.addIssue({ code: 'custom', path: ['fields', i, 'name'], message: `Duplicate field name "${name}"` });
      });
      form.fields.forEach((f, i) => {
        const target = f.rules?.match(/(?:^|\|)confirmed:@?([a-zA-Z][a-zA-Z0-9_]*)/)?.[1];
        if (target && !names.includes(target)) {
          ctx.addIssue({ code: 'custom', path: ['fields', i, 'rules'], message: `confirmed: names no field "${target}" in this form` });
        }
      });
    }),
  section: strictObject({ type: z.literal('section'), ...base, heading: z.string().optional(), blocks: z.lazy(() => z.array(Block)) }),
} as const;

type BlockSchema = (typeof BLOCK_SCHEMAS)[keyof typeof BLOCK_SCHEMAS];

/** A block, dispatched on `type`; an unknown type gets one clear message. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: Object.values gives an array, the parameter wants a non-empty tuple
export const Block: z.ZodType<Block> = z.discriminatedUnion('type', Object.values(BLOCK_SCHEMAS) as [BlockSchema, ...BlockSchema[]], {
  error: (issue) => {
    if (issue.code !== 'invalid_union') return undefined;
    const type = (issue.input as { type?: unknown } | undefined)?.type;
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- content may put any JSON here, and the build's message has always shown it as String() does
    return type === undefined ? 'Required' : `Unknown block type "${String(type)}"`;
  },
}) as unknown as z.ZodType<Block>;

// ---------------------------------------------------------------- page and site

export const Page = strictObject({
    title: z.string().trim().min(1, 'Required').max(200),
    description: z.string().max(300).default(''),
    layout: z.enum(['default', 'blank']).default('default'),
    alternates: z.record(z.string(), z.string().refine(isInternalPath, 'Must be an internal path')).optional(),
    blocks: z.array(Block),
    /** `false`: the page is never a search result (docs/search.md) */
    search: z.boolean().optional(),
  })
  .superRefine((page, ctx) => {
    checkSectionDepth(page.blocks, 1, ['blocks'], ctx);
    const formIds = new Map<string, number>();
    walkBlocks(page.blocks, (block, path) => {
      if (block.type !== 'form') return;
      if (formIds.has(block.id)) ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: `Duplicate form id "${block.id}"` });
      formIds.set(block.id, 1);
    }, ['blocks']);
  });
export type Page = z.output<typeof Page>;

function checkSectionDepth(blocks: Block[], depth: number, path: (string | number)[], ctx: z.RefinementCtx) {
  blocks.forEach((b, i) => {
    if (b.type !== 'section') return;
    if (depth > MAX_SECTION_DEPTH) {
      ctx.addIssue({ code: 'custom', path: [...path, i], message: `Sections nest at most ${MAX_SECTION_DEPTH} deep` });
      return;
    }
    checkSectionDepth(b.blocks, depth + 1, [...path, i, 'blocks'], ctx);
  });
}

export const Locale = strictObject({
  code: z.string().regex(/^[a-z]{2,3}$/, 'Must be 2-3 lowercase letters'),
  lang: z.string().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'Must be a BCP 47 tag such as et-EE'),
  label: nonEmpty,
});
export type Locale = z.infer<typeof Locale>;

export const NavLink = strictObject({ label: nonEmpty, href: Href });
export type NavLink = z.infer<typeof NavLink>;

export const Footer = strictObject({ text: z.string().optional(), links: z.array(NavLink).optional() });
export type Footer = z.infer<typeof Footer>;

/** What an HTTP header value may hold as the site sends it. */
const PRINTABLE_ASCII_RE = /^[\x20-\x7e]*$/;

const RedirectTarget = z
  .string()
  .min(1)
  .refine((s) => !hasRefusedProtocol(s), 'javascript:, data:, vbscript: and blob: targets are not allowed')
  .refine((s) => isInternalPath(s) || isHttpUrl(s), 'Must be an internal path or an http(s) URL')
  // It becomes a Location header, which takes bytes, not text: a 500 on the first redirect.
  .refine((s) => PRINTABLE_ASCII_RE.test(s), 'Must be ASCII: percent-encode other characters and write the host in punycode');

export const RouteRule = strictObject({
  redirect: z
    .union([RedirectTarget, strictObject({ to: RedirectTarget, statusCode: z.union([z.literal(301), z.literal(302), z.literal(303), z.literal(307), z.literal(308)]).optional() })])
    .optional(),
  headers: z.record(z.string().regex(/^[a-zA-Z0-9-]+$/, 'Must be a header name'), z.string().regex(PRINTABLE_ASCII_RE, 'Must be one line of printable ASCII')).optional(),
  cache: strictObject({ maxAge: z.number().int().min(0).optional(), staleWhileRevalidate: z.number().int().min(0).optional() }).optional(),
  prerender: z.boolean().optional(),
});
export type RouteRule = z.infer<typeof RouteRule>;

/**
 * A rule as site.json may write it. A page's HTML names its build's client files, and gc keeps
 * an old build's files for PAGE_EDGE_TTL_S after it was last live (scripts/lib/gc-plan.ts): HTML
 * that browsers or proxies keep longer could load files that are gone. So a cache rule keeps a
 * page at most that long, stale-while-revalidate included. Only here: manifests already in KV
 * are read with RouteRule as they are.
 */
const SiteRouteRule = RouteRule.refine(
  (rule) => (rule.cache?.maxAge ?? 0) + (rule.cache?.staleWhileRevalidate ?? 0) <= PAGE_EDGE_TTL_S,
  { path: ['cache'], message: `maxAge and staleWhileRevalidate together may be at most ${PAGE_EDGE_TTL_S} s (1 day), as long as gc keeps an old build's files` },
);

/** A word of the consent banner: a missing one is named as such, since it is a translation. */
const bannerText = z
  .string({ error: (issue) => (issue.input === undefined ? 'Missing translation' : undefined) })
  .trim()
  .min(1, 'Must not be empty');

/**
 * The consent banner's words in one language. All of them or none: a banner that falls back
 * to built-in words for some would speak two voices, and the body refers to the footer link.
 */
export const ConsentTexts = strictObject({
  title: bannerText,
  body: bannerText,
  acceptAll: bannerText,
  rejectAll: bannerText,
  settings: bannerText,
  save: bannerText,
  necessary: bannerText,
  necessaryDescription: bannerText,
  statistics: bannerText,
  statisticsDescription: bannerText,
  marketing: bannerText,
  marketingDescription: bannerText,
  privacyLink: bannerText,
  footerLink: bannerText,
});
export type ConsentTexts = z.infer<typeof ConsentTexts>;

/** The banner shown when `gtmId` is set: its words per locale, and the privacy page per locale. */
export const ConsentConfig = strictObject({
  /** locale code -> the banner's words; set for every locale, or for none to use the built-in words */
  texts: z.record(z.string(), ConsentTexts).optional(),
  /** locale code -> the privacy page the banner links to; every locale, or none */
  privacyPage: z.record(z.string(), Href).optional(),
});
export type ConsentConfig = z.infer<typeof ConsentConfig>;

/** Issues for a per-locale map that names a locale the site lacks, or lacks one the site has. */
function checkEveryLocale(map: Record<string, unknown> | undefined, codes: string[], path: string[], missing: string, ctx: z.RefinementCtx) {
  if (!map) return;
  const keys = Object.keys(map);
  for (const key of keys) {
    if (!codes.includes(key)) ctx.addIssue({ code: 'custom', path: [...path, key], message: `"${key}" is not a configured locale` });
  }
  for (const code of codes) {
    if (!keys.includes(code)) ctx.addIssue({ code: 'custom', path: [...path, code], message: `${missing} for locale "${code}" (set it for every locale, or for none)` });
  }
}

/**
 * Where the site delivers a form's stored entries: an https URL, and the NAME of the worker
 * secret that signs each delivery (`wrangler secret put WEBHOOK_SECRET_…`). The secret itself
 * never appears in content; the prefix keeps a webhook from signing with any other secret.
 */
export const Webhook = strictObject({
  url: z.string().refine(isHttpsUrl, 'Must be an https URL'),
  secret: z.string().regex(/^WEBHOOK_SECRET_[A-Z0-9_]{1,64}$/, 'Must name a worker secret: WEBHOOK_SECRET_ followed by capitals, digits or _'),
});
export type Webhook = z.infer<typeof Webhook>;

/**
 * A webhook as site.json may write it: https on a public DNS name, no credentials, no IP
 * literal (webhook-url.ts). Only here: indexes already in KV are read with Webhook as they are.
 */
const SiteWebhook = Webhook.superRefine((webhook, ctx) => {
  const problem = webhookUrlProblem(webhook.url);
  // A URL that is no https URL at all has had Webhook's own message.
  if (problem && isHttpsUrl(webhook.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: problem });
});

export const Site = strictObject({
    name: nonEmpty,
    origin: z.string().refine((s) => isHttpUrl(s) && new URL(s).pathname === '/' && !s.endsWith('/'), 'Must be an origin such as https://www.example.com'),
    defaultLocale: z.string(),
    locales: z.array(Locale).min(1),
    gtmId: z.string().regex(GTM_ID_RE, 'Must be GTM- followed by uppercase letters or digits').optional(),
    navigation: z.record(z.string(), z.array(NavLink)).default({}),
    footer: z.record(z.string(), Footer).default({}),
    routeRules: z.record(z.string().regex(/^\/[^\s]*$/, 'Must be a path pattern starting with /'), SiteRouteRule).default({}),
    consent: ConsentConfig.optional(),
    /** with a gtmId: when gtm.js may load (app/consent.ts CONSENT_MODES); basic, nothing before a grant */
    consentMode: z.enum(CONSENT_MODES).default(DEFAULT_CONSENT_MODE),
    /** broken internal links warn instead of failing the build (docs/content-model.md#31-links-that-must-lead-somewhere) */
    allowBrokenLinks: z.boolean().default(false),
    /** webhook name -> where forms that name it are delivered */
    webhooks: z.record(WebhookName, SiteWebhook).default({}),
  })
  .superRefine((site, ctx) => {
    const codes = site.locales.map((l) => l.code);
    if (!codes.includes(site.defaultLocale)) ctx.addIssue({ code: 'custom', path: ['defaultLocale'], message: `Must be one of the locale codes (${codes.join(', ')})` });
    codes.forEach((c, i) => {
      if (codes.indexOf(c) !== i) ctx.addIssue({ code: 'custom', path: ['locales', i, 'code'], message: `Duplicate locale "${c}"` });
    });
    for (const key of [...Object.keys(site.navigation), ...Object.keys(site.footer)]) {
      if (!codes.includes(key)) ctx.addIssue({ code: 'custom', path: ['navigation'], message: `"${key}" is not a configured locale` });
    }
    checkEveryLocale(site.consent?.texts, codes, ['consent', 'texts'], 'Missing translation: no consent banner texts', ctx);
    checkEveryLocale(site.consent?.privacyPage, codes, ['consent', 'privacyPage'], 'Missing privacy page link', ctx);
  });
export type Site = z.output<typeof Site>;
