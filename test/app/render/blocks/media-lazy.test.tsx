/**
 * An <Img> and its lazy state (app/render/blocks/media.tsx, app/render/hooks/use-lazy-image.ts)
 * through its load and error events, without a DOM: React's hooks are replaced by a small
 * renderer that keeps each component's state, attaches refs to stand-in elements and runs the
 * effects, and the shared visibility checker by one the test triggers. The events are given
 * the `src` attribute of the <img> that fires them, as a browser does.
 *
 * The case that matters: a raster image with variants, whose <img> carries its fallback variant
 * (`/media/_v/…`), not the original path the content names.
 */
import type * as React from 'react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LAZY_IMAGE_MAX_ATTEMPTS } from '../../../../app/constants';
import type { Image as ImageData } from '../../../../app/content/schema';
import type * as LazyImages from '../../../../app/dom/lazy-images';
import type { ImageInfo } from '../../../../app/images/image-manifest';

type Props = Record<string, unknown> & { children?: ReactNode };
type Slot = { value?: unknown; deps?: readonly unknown[]; cleanup?: void | (() => void) };

/** The state of the fake renderer, shared with the mocked modules (hoisted above the imports). */
const h = vi.hoisted(() => {
  const state = {
    slots: new Map<string, Slot[]>(),
    current: null as Slot[] | null,
    index: 0,
    dirty: false,
    effects: [] as (() => void)[],
    context: new Map<unknown, unknown>(),
    /** elements the visibility checker watches, with what to call when they are in range */
    watched: new Map<unknown, () => void>(),
    slot(): Slot {
      const slots = state.current!;
      const i = state.index++;
      return (slots[i] ??= {});
    },
  };
  return state;
});

vi.mock('react', async (importOriginal) => {
  const actual = await importOriginal<typeof React>();
  const changed = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) =>
    !a || !b || a.length !== b.length || a.some((v, i) => !Object.is(v, b[i]));
  const hooks = {
    useState<T>(initial: T | (() => T)) {
      const slot = h.slot();
      if (!('value' in slot)) slot.value = typeof initial === 'function' ? (initial as () => T)() : initial;
      const set = (next: T | ((previous: T) => T)) => {
        const value = typeof next === 'function' ? (next as (previous: T) => T)(slot.value as T) : next;
        if (!Object.is(value, slot.value)) {
          slot.value = value;
          h.dirty = true;
        }
      };
      return [slot.value as T, set] as const;
    },
    useRef<T>(initial: T) {
      const slot = h.slot();
      if (!('value' in slot)) slot.value = { current: initial };
      return slot.value as { current: T };
    },
    useCallback: <T,>(fn: T) => fn,
    useEffect(effect: () => void | (() => void), deps?: readonly unknown[]) {
      const slot = h.slot();
      if (!changed(slot.deps, deps) && 'deps' in slot) return;
      slot.deps = deps;
      h.effects.push(() => {
        if (typeof slot.cleanup === 'function') slot.cleanup();
        slot.cleanup = effect();
      });
    },
    // The client after hydration: the store's own snapshot.
    useSyncExternalStore: <T,>(_subscribe: unknown, getSnapshot: () => T) => getSnapshot(),
    useContext: (context: { _currentValue?: unknown }) => (h.context.has(context) ? h.context.get(context) : context._currentValue),
  };
  return { ...actual, ...hooks, default: { ...actual, ...hooks } };
});

vi.mock('../../../../app/dom/lazy-images', async (importOriginal) => {
  const actual = await importOriginal<typeof LazyImages>();
  const checker = {
    watch(element: unknown, onVisible: () => void) {
      h.watched.set(element, onVisible);
      return () => h.watched.delete(element);
    },
    check() {},
    get watching() {
      return h.watched.size;
    },
  };
  return { ...actual, lazyImageChecker: () => checker };
});

const { Img, placeholderSrc } = await import('../../../../app/render/blocks/media');
const { fallbackUrl } = await import('../../../../app/images/image-variants');
const { PageContext } = await import('../../../../app/render/page-context');
const { loadedImages } = await import('../../../../app/dom/lazy-images');

/** A rendered host element: its tag, props and children. */
interface Host {
  type: string;
  props: Props;
  children: Host[];
  /** what the <img>'s ref points at (and what its events carry as currentTarget) */
  element?: FakeImg;
}

interface FakeImg {
  getAttribute(name: string): string | null;
  complete: boolean;
  naturalWidth: number;
}

const fakeImg = (props: Props): FakeImg => ({
  getAttribute: (name) => {
    const value = props[name === 'srcset' ? 'srcSet' : name];
    return typeof value === 'string' ? value : null;
  },
  complete: false,
  naturalWidth: 0,
});

/** Renders `root` to a tree of host elements, running effects and re-rendering until nothing changes. */
function mount(root: ReactElement) {
  h.slots.clear();
  h.watched.clear();
  let tree: Host[] = [];

  const expand = (node: ReactNode, path: string): Host[] => {
    if (node === null || node === undefined || typeof node === 'boolean') return [];
    if (typeof node === 'string' || typeof node === 'number') return [{ type: '#text', props: { text: String(node) }, children: [] }];
    if (Array.isArray(node)) return (node as ReactNode[]).flatMap((child, i) => expand(child, `${path}[${i}]`));
    const element = node as ReactElement<Props>;
    const here = `${path}/${typeof element.type === 'function' ? element.type.name : String(element.type)}#${element.key ?? ''}`;
    if (typeof element.type === 'function') {
      h.current = h.slots.get(here) ?? [];
      h.slots.set(here, h.current);
      h.index = 0;
      const output = (element.type as (props: Props) => ReactNode)(element.props);
      h.current = null;
      return expand(output, here);
    }
    const children = expand(element.props.children, here);
    if (typeof element.type !== 'string') return children; // a fragment
    const host: Host = { type: element.type, props: element.props, children };
    const ref = element.props.ref as { current: unknown } | undefined;
    if (ref) ref.current = host.element = fakeImg(element.props);
    return [host];
  };

  const render = () => {
    for (let pass = 0; pass < 20; pass++) {
      h.dirty = false;
      // A component's state is kept under its path, which includes its key: a new key is a new component.
      tree = expand(root, '');
      const effects = h.effects.splice(0);
      effects.forEach((run) => run());
      if (!h.dirty) return;
    }
    throw new Error('no stable render');
  };
  render();

  const all = (hosts: Host[] = tree): Host[] => hosts.flatMap((x) => [x, ...all(x.children)]);
  /** The <img> React manages (the one with a ref; the <noscript> copy has none). */
  const img = () => {
    const found = all().find((x) => x.type === 'img' && x.element);
    if (!found) throw new Error('no live <img>');
    return found;
  };
  const fire = (event: 'onLoad' | 'onError', target: Host = img()) => {
    (target.props[event] as (e: { currentTarget: FakeImg }) => void)({ currentTarget: target.element! });
    render();
  };
  return {
    img,
    text: () =>
      all()
        .filter((x) => x.type === '#text')
        .map((x) => x.props.text)
        .join(''),
    fallback: () => all().find((x) => x.type === 'span' && String(x.props.className).includes('img-fallback')),
    load: () => fire('onLoad'),
    fail: () => fire('onError'),
    /** the visibility checker finds every watched image in range */
    visible: () => {
      const calls = [...h.watched.values()];
      h.watched.clear();
      calls.forEach((call) => call());
      render();
    },
    render,
  };
}

let serial = 0;
/** A raster image and its variants, under a name of its own (the cache of loaded sources is the page's). */
function raster(): { image: ImageData; info: ImageInfo } {
  const name = `photo${++serial}`;
  const hash = serial.toString(16).padStart(16, '0');
  return {
    image: { src: `/media/${name}.jpg`, alt: `Photo ${serial}`, width: 1920, height: 1280 },
    info: { hash, width: 1920, height: 1280, widths: [480, 1280, 1920], formats: ['avif', 'webp', 'jpeg'] },
  };
}

function withImages(images: Record<string, ImageInfo>) {
  h.context.set(PageContext, { path: '/en/spring-offer', lang: 'en', images });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  h.context.clear();
});

describe('a lazy raster image with variants', () => {
  test('waits with a blank box of its size, then shows its fallback variant and is loaded when that loads', () => {
    const { image, info } = raster();
    withImages({ [image.src]: info });
    const view = mount(<Img image={image} />);
    expect(view.img().props).toMatchObject({ src: placeholderSrc(1920, 1280), 'data-lazy': 'waiting' });

    // The blank box's own load is not the picture's.
    view.load();
    expect(view.img().props['data-lazy']).toBe('waiting');

    view.visible();
    const variant = fallbackUrl(image.src, info);
    expect(variant).toMatch(/^\/media\/_v\/photo\d+\.0+[0-9a-f]+\.1280\.jpg$/);
    expect(view.img().props).toMatchObject({ src: variant, 'data-lazy': 'loading' });

    view.load();
    expect(view.img().props['data-lazy']).toBe('loaded');
    expect(loadedImages.has(variant)).toBe(true);
  });

  test('once loaded it is remembered: the next render shows its variant at once, without waiting', () => {
    const { image, info } = raster();
    withImages({ [image.src]: info });
    const first = mount(<Img image={image} />);
    first.visible();
    first.load();

    const again = mount(<Img image={image} />);
    expect(again.img().props.src).toBe(fallbackUrl(image.src, info));
    expect(h.watched.size).toBe(0);
  });

  test(`a failing one is tried ${LAZY_IMAGE_MAX_ATTEMPTS} times, then its alt text is shown`, () => {
    const { image, info } = raster();
    withImages({ [image.src]: info });
    const view = mount(<Img image={image} />);
    view.visible();
    for (let attempt = 1; attempt < LAZY_IMAGE_MAX_ATTEMPTS; attempt++) {
      view.fail();
      expect(view.fallback()).toBeUndefined();
      vi.runAllTimers();
      view.render();
      expect(view.img().props).toMatchObject({ src: fallbackUrl(image.src, info), 'data-lazy': 'loading' });
    }
    view.fail();
    expect(view.fallback()).toBeDefined();
    expect(view.text()).toBe(image.alt);
    expect(loadedImages.has(fallbackUrl(image.src, info))).toBe(false);
  });
});

describe('the priority (eager) raster image', () => {
  test('carries its fallback variant from the first render, and is remembered when it loads', () => {
    const { image, info } = raster();
    withImages({ [image.src]: info });
    const view = mount(<Img image={image} priority />);
    expect(view.img().props.src).toBe(fallbackUrl(image.src, info));
    view.load();
    expect(loadedImages.has(fallbackUrl(image.src, info))).toBe(true);
  });

  test(`a failing one is tried ${LAZY_IMAGE_MAX_ATTEMPTS} times, then its alt text is shown`, () => {
    const { image, info } = raster();
    withImages({ [image.src]: info });
    const view = mount(<Img image={image} priority />);
    for (let attempt = 1; attempt < LAZY_IMAGE_MAX_ATTEMPTS; attempt++) {
      view.fail();
      expect(view.fallback()).toBeUndefined();
      vi.runAllTimers();
      view.render();
    }
    view.fail();
    expect(view.text()).toBe(image.alt);
  });
});

describe('an image without variants (SVG)', () => {
  test('is matched on its own path, as before', () => {
    const image: ImageData = { src: '/media/unit-test-house.svg', alt: 'A house', width: 800, height: 600 };
    withImages({});
    const view = mount(<Img image={image} />);
    view.visible();
    expect(view.img().props.src).toBe(image.src);
    view.load();
    expect(view.img().props['data-lazy']).toBe('loaded');
    expect(loadedImages.has(image.src)).toBe(true);
  });
});
