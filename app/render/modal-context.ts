/**
 * How content and code open the page's one modal: `useModal().open({ title, blocks }, opener)`.
 * The dialog itself is modal-host.tsx. They are apart because the host renders blocks, and
 * blocks (an `Action.modal` button) open the modal: an opener importing the host would import
 * the renderer that renders it.
 */
import { createContext, useContext } from 'react';
import type { ContentPathKey } from '../content/content-path';
import type { Block } from '../content/schema';

export interface ModalContent {
  title: string;
  blocks: Block[];
  /** where the modal stands in the page file, when content paths are on (./content-paths.ts) */
  path?: readonly ContentPathKey[];
}

export interface ModalApi {
  open(content: ModalContent, opener?: HTMLElement | null): void;
  close(): void;
}

export const ModalContext = createContext<ModalApi>({ open() {}, close() {} });

export const useModal = () => useContext(ModalContext);
