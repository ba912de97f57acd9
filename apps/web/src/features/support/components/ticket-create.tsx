import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_TITLE_MAX_LENGTH } from '@portal/contracts/support-constants';
import { getRequestContext } from '@/shared/api/client';
import { useInitialConfig } from '@/shared/api/get-initial-config';
import { usePageMeta } from '@/shared/hooks/use-page-meta';
import { useCreateTicket } from '../api/create-ticket';
import { NavAction, type SupportNav } from '../support-nav';
import { MessageComposer } from './message-composer';

interface TicketCreateProps {
  nav: SupportNav;
  /** first=1: the player's first ticket (the list is empty). */
  first?: boolean;
}

/** `/support/ticket/create/:first?`: title, rich description, optional image and video. */
export function TicketCreate({ nav, first }: TicketCreateProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [title, setTitle] = useState('');
  const create = useCreateTicket();
  const config = useInitialConfig(getRequestContext().project ?? undefined);
  const project = getRequestContext().project || config.data?.projects.name || config.data?.mainData.projectName || '';
  const defaultTitle = t('support.defaultTitle', { project }).trim();
  usePageMeta({ title: `${t('support.createTitle')} · ${t('header.portalName')}` });

  return (
    <section className="support support-create" aria-labelledby="support-create-title">
      <div className="support__top">
        <h1 id="support-create-title">{t('support.createTitle')}</h1>
        {!first ? (
          <NavAction className="support__back" href={nav.listHref?.()} onClick={nav.list}>
            {t('support.backToTickets')}
          </NavAction>
        ) : null}
      </div>
      {first ? <p className="support__intro">{t('support.firstTicketIntro')}</p> : null}
      <MessageComposer
        label={t('support.descriptionLabel')}
        submitLabel={t('support.createButton')}
        pending={create.isPending}
        failureCode="CREATE_TICKET_ERROR"
        send={(draft, callbacks) =>
          create.mutate({ ...draft, title: title.trim() || defaultTitle }, { ...callbacks, onSuccess: ({ id }) => nav.openTicket(id) })
        }
      >
        <div className="support-form__field">
          <label htmlFor={titleId}>{t('support.titleLabel')}</label>
          <input
            id={titleId}
            type="text"
            value={title}
            maxLength={TICKET_TITLE_MAX_LENGTH}
            placeholder={defaultTitle}
            disabled={create.isPending}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
      </MessageComposer>
    </section>
  );
}
