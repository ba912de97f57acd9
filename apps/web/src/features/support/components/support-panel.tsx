import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportNav } from '../support-nav';
import { useSupportIdentity } from '../use-support-identity';
import { TicketChat } from './ticket-chat';
import { TicketCreate } from './ticket-create';
import { TicketList } from './ticket-list';
import '../support.css';

type View = { name: 'list' } | { name: 'create'; first: boolean } | { name: 'ticket'; id: string };

export interface SupportPanelProps {
  onClose?: () => void;
  /** Open on the first-ticket create screen. */
  first?: boolean;
}

/**
 * List, chat and create in one container for the game host's modal: the
 * screens switch in component state, so the page behind keeps its route.
 */
export function SupportPanel({ onClose, first }: SupportPanelProps) {
  const { t } = useTranslation();
  useSupportIdentity();
  const [view, setView] = useState<View>(first ? { name: 'create', first: true } : { name: 'list' });
  const nav = useMemo<SupportNav>(
    () => ({
      list: () => setView({ name: 'list' }),
      create: (isFirst) => setView({ name: 'create', first: Boolean(isFirst) }),
      openTicket: (id) => setView({ name: 'ticket', id }),
    }),
    [],
  );

  return (
    <div className="support-panel">
      {view.name === 'list' ? <TicketList nav={nav} /> : null}
      {view.name === 'create' ? <TicketCreate nav={nav} first={view.first} /> : null}
      {view.name === 'ticket' ? <TicketChat key={view.id} id={view.id} nav={nav} /> : null}
      {onClose ? (
        <div className="support-panel__footer">
          <button type="button" className="support__secondary" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
