import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * How the support screens move between list, create and chat: routes on the portal,
 * component state inside the game host's modal (SupportPanel).
 */
export interface SupportNav {
  openTicket: (id: string) => void;
  create: (first?: boolean) => void;
  list: () => void;
  /** Route mode: real links, so they open in a new tab and read as links. */
  ticketHref?: (id: string) => string;
  createHref?: (first?: boolean) => string;
  listHref?: () => string;
}

interface NavActionProps {
  href?: string;
  onClick: () => void;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

/** A link when there is a route to go to, else a button that switches the panel's screen. */
export function NavAction({ href, onClick, className, children, ...rest }: NavActionProps) {
  if (href) {
    return (
      <Link to={href} className={className} aria-label={rest['aria-label']}>
        {children}
      </Link>
    );
  }
  return (
    <button type="button" className={className} onClick={onClick} aria-label={rest['aria-label']}>
      {children}
    </button>
  );
}
