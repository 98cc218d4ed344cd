import type { Action } from '../../content/schema';
import { useModal } from '../modal-context';

export function ActionButton({ action, variant = 'primary' }: { action: Action; variant?: 'primary' | 'secondary' }) {
  const modal = useModal();
  const className = `button button--${variant}`;
  if ('href' in action) {
    return (
      <a className={className} href={action.href}>
        {action.label}
      </a>
    );
  }
  return (
    <button type="button" className={className} aria-haspopup="dialog" onClick={(e) => modal.open(action.modal, e.currentTarget)}>
      {action.label}
    </button>
  );
}
