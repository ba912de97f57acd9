import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_MESSAGE_KEYS } from '@portal/contracts/support-constants';
import { RichTextEditor, isRichTextEmpty } from '@/shared/rich-text';
import { notifyError } from '@/shared/ui/notify';
import type { Attachments, UploadProgress as OnProgress } from '../api/upload';
import { AttachmentField } from './attachment-field';
import { serverProblem } from './server-problem';
import { UploadProgress } from './upload-progress';

/** What the composer hands over to be sent. */
export interface ComposerDraft extends Attachments {
  /** The rich text; '' when empty (only possible with `filesAlone`). */
  text: string;
  onProgress?: OnProgress;
}

/** The mutation callbacks the composer needs called (TanStack Query's mutate options fit). */
export interface ComposerCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
  onSettled: () => void;
}

interface MessageComposerProps {
  /** The editor's label. */
  label: string;
  /** The submit button's text (while sending it reads support.sending). */
  submitLabel: string;
  className?: string;
  /** Fields placed before the editor (the new ticket's title). */
  children?: ReactNode;
  /** A send is under way: the fields are disabled and submits ignored. */
  pending: boolean;
  /** A message with only an image or video is fine (a reply); otherwise the text is required. */
  filesAlone?: boolean;
  /** The error toast (errors.<code>) for a failure that is not about the input. */
  failureCode: string;
  /** A failure the caller handles itself (true: the composer shows nothing). */
  onRefused?: (error: unknown) => boolean;
  /**
   * Sends the draft. The callbacks reset the form after a success, show the refused input's
   * text under the form (or the empty warning under the editor), and drop the upload progress.
   */
  send: (draft: ComposerDraft, callbacks: ComposerCallbacks) => void;
}

/**
 * The support message form shared by a new ticket and a reply: rich text with its empty
 * warning, optional image and video, upload progress, the server's refusal, and submit.
 */
export function MessageComposer({
  label,
  submitLabel,
  className,
  children,
  pending,
  filesAlone = false,
  failureCode,
  onRefused,
  send,
}: MessageComposerProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [video, setVideo] = useState<File | null>(null);
  const [emptyError, setEmptyError] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  // Remounting the file fields clears their inputs after a message went out.
  const [generation, setGeneration] = useState(0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const empty = isRichTextEmpty(text);
    if (empty && !(filesAlone && (image || video))) {
      setEmptyError(true);
      return;
    }
    const hasFiles = Boolean(image || video);
    setProgress(hasFiles ? { sent: 0, total: (image?.size ?? 0) + (video?.size ?? 0) } : null);
    send(
      {
        text: empty ? '' : text,
        image,
        video,
        onProgress: hasFiles ? (sent, total) => setProgress({ sent, total }) : undefined,
      },
      {
        onSuccess: () => {
          setText('');
          setImage(null);
          setVideo(null);
          setGeneration((value) => value + 1);
        },
        onError: (error) => {
          if (onRefused?.(error)) return;
          const problem = serverProblem(error, { image, video });
          if (!problem) notifyError(failureCode);
          else if (problem.key === SUPPORT_MESSAGE_KEYS.descriptionEmptyWarning) setEmptyError(true);
          else setFormError(t(problem.key, problem.values));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <form className={className ? `support-form ${className}` : 'support-form'} onSubmit={submit} noValidate>
      {children}
      <div className="support-form__field">
        <RichTextEditor
          label={label}
          value={text}
          onChange={(html) => {
            setText(html);
            if (emptyError && !isRichTextEmpty(html)) setEmptyError(false);
          }}
          invalid={emptyError}
          describedBy={emptyError ? errorId : undefined}
          disabled={pending}
        />
        {emptyError ? (
          <p id={errorId} role="alert" className="support-form__error">
            {t('support.descriptionEmptyWarning')}
          </p>
        ) : null}
      </div>
      <div className="support-form__files" key={generation}>
        <AttachmentField kind="image" file={image} onChange={setImage} disabled={pending} />
        <AttachmentField kind="video" file={video} onChange={setVideo} disabled={pending} />
      </div>
      {progress ? <UploadProgress sent={progress.sent} total={progress.total} /> : null}
      {formError ? (
        <p role="alert" className="support-form__error">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="support__primary" disabled={pending}>
        {pending ? t('support.sending') : submitLabel}
      </button>
    </form>
  );
}
