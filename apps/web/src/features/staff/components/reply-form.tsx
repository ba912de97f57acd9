import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_ACCEPT, type TUploadKind } from '@portal/contracts/support-constants';
import { ApiError } from '@/shared/api/client';
import { RichTextEditor, isRichTextEmpty } from '@/shared/rich-text';
import { validateUpload, type UploadProblem } from '@/shared/upload/validate-upload';
import { useSendStaffReply } from '../api/send-reply';

/** The staff reply: the ticket editor plus an optional image and video (the player's limits). */
export function ReplyForm({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  const send = useSendStaffReply();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Record<TUploadKind, File | null>>({ image: null, video: null });
  const [fileError, setFileError] = useState<UploadProblem | null>(null);
  const [emptyError, setEmptyError] = useState(false);
  const inputs = { image: useRef<HTMLInputElement>(null), video: useRef<HTMLInputElement>(null) };

  const pick = (kind: TUploadKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? validateUpload(kind, file) : null;
    setFileError(problem);
    if (problem) event.target.value = '';
    setFiles((previous) => ({ ...previous, [kind]: problem ? null : file }));
  };

  const clearFile = (kind: TUploadKind) => {
    setFiles((previous) => ({ ...previous, [kind]: null }));
    const input = inputs[kind].current;
    if (input) input.value = '';
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isRichTextEmpty(text) && !files.image && !files.video) {
      setEmptyError(true);
      return;
    }
    setEmptyError(false);
    send.mutate(
      { ticketId, text, image: files.image, video: files.video },
      {
        onSuccess: () => {
          setText('');
          clearFile('image');
          clearFile('video');
        },
      },
    );
  };

  const sendErrorCode = send.error instanceof ApiError ? send.error.code : undefined;
  const sendErrorKey =
    sendErrorCode === 'TICKET_CLOSED'
      ? 'staff.ticket.closedNote'
      : sendErrorCode === 'STORAGE_FULL'
        ? 'staff.ticket.storageFull'
        : 'staff.ticket.sendError';

  return (
    <form className="staff-reply" onSubmit={onSubmit} aria-labelledby="staff-reply-title">
      <h3 id="staff-reply-title" className="staff-visually-hidden">
        {t('staff.ticket.reply')}
      </h3>
      <RichTextEditor
        value={text}
        onChange={(html) => {
          setText(html);
          if (emptyError) setEmptyError(false);
        }}
        label={t('staff.ticket.reply')}
        invalid={emptyError}
        describedBy={emptyError ? 'staff-reply-empty' : undefined}
        disabled={send.isPending}
      />
      {emptyError && (
        <p id="staff-reply-empty" role="alert" className="staff-error">
          {t('staff.ticket.replyEmpty')}
        </p>
      )}
      <div className="staff-reply__files">
        {(['image', 'video'] as const).map((kind) => (
          <div key={kind} className="staff-reply__file">
            <label className="staff-button staff-file-label">
              {t(`staff.ticket.attach.${kind}`)}
              <input ref={inputs[kind]} type="file" accept={UPLOAD_ACCEPT[kind]} onChange={pick(kind)} className="staff-visually-hidden" />
            </label>
            {files[kind] && (
              <span className="staff-reply__chosen">
                {files[kind].name}
                <button type="button" className="staff-link-button" onClick={() => clearFile(kind)}>
                  {t('staff.ticket.removeFile', { name: files[kind].name })}
                </button>
              </span>
            )}
          </div>
        ))}
      </div>
      {fileError && (
        <p role="alert" className="staff-error">
          {t(fileError.key, fileError.values)}
        </p>
      )}
      {send.isError && (
        <p role="alert" className="staff-error">
          {t(sendErrorKey)}
        </p>
      )}
      <button type="submit" className="staff-button staff-button--primary" disabled={send.isPending}>
        {t('staff.ticket.send')}
      </button>
    </form>
  );
}
