import type { ContentPathKey } from '../../content/content-path';
import type { Action } from '../../content/schema';
import { contentPathsAt, useContentPathKeys } from '../content-paths';
import { useModal } from '../modal-context';

/** `path`: where the action stands in its block (`['actions', 1]`), for content paths. */
export function ActionButton({
  action,
  variant = 'primary',
  path = [],
}: {
  action: Action;
  variant?: 'primary' | 'secondary';
  path?: ContentPathKey[];
}) {
  const modal = useModal();
  const base = useContentPathKeys();
  const keys = base && [...base, ...path];
  const className = `button button--${variant}`;
  if ('href' in action) {
    return (
      <a className={className} href={action.href} {...contentPathsAt(keys)()}>
        {action.label}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      onClick={(e) => modal.open(keys ? { ...action.modal, path: [...keys, 'modal'] } : action.modal, e.currentTarget)}
      {...contentPathsAt(keys)()}
    >
      {action.label}
    </button>
  );
}
