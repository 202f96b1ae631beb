import { replyLengthText, staffReplyBody, type Conversation } from '@app/shared/conversations';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/form/field';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../common/staff-errors';
import { useMarkHandled, useSendReply } from './conversation-actions';
import { ConversationView } from './conversation-view';
import { useConversation } from './get-conversation';

/** The newest text the customer sent that the page shows: "No reply needed" covers it and those before. */
function newestInbound(conversation: Conversation): string | null {
  return conversation.items.findLast((item) => item.direction === 'in')?.at ?? null;
}

/**
 * The reply form under the thread: the words, how many texts they take (one when the words
 * allow), and "No reply needed" while the customer waits. An opted-out phone gets no form, and
 * says why.
 */
export function ReplyForm({ conversation }: { conversation: Conversation }) {
  const [words, setWords] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const send = useSendReply();
  const handled = useMarkHandled();
  const through = newestInbound(conversation);

  if (!conversation.reply.allowed) {
    return (
      <p className="conversation-refused" data-reply-refused="">
        {conversation.reply.reason}
      </p>
    );
  }
  const apiField = send.error instanceof ApiError && send.error.field === 'body' ? failureText(send.error) : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = staffReplyBody.safeParse(words);
    if (!checked.success) {
      setShown(checked.error.issues[0]?.message ?? 'Check the reply.');
      return;
    }
    setShown(null);
    send.mutate({ phone: conversation.phone, body: checked.data }, { onSuccess: () => setWords('') });
  };
  return (
    <form className="reply-form" onSubmit={onSubmit} noValidate>
      <Field label="Reply by text" hint={replyLengthText(words)} error={shown ?? apiField}>
        {(control) => (
          <textarea
            {...control}
            name="body"
            rows={3}
            value={words}
            onChange={(e) => {
              setWords(e.target.value);
              // The server's refusal was about the words sent; new words are checked afresh.
              if (send.isError) send.reset();
            }}
          />
        )}
      </Field>
      <p className="reply-form__actions">
        <button type="submit" className="button" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send reply'}
        </button>
        {conversation.waitingSince && through ? (
          <button type="button" className="button button--ghost" disabled={handled.isPending} onClick={() => handled.mutate({ phone: conversation.phone, through })}>
            No reply needed
          </button>
        ) : null}
      </p>
      {send.isError && !apiField ? (
        <p className="alert" role="alert">
          {failureText(send.error)}
        </p>
      ) : null}
      {handled.isError ? (
        <p className="alert" role="alert">
          {failureText(handled.error)}
        </p>
      ) : null}
    </form>
  );
}

/** The "Texts" section of a customer (or an unknown number): the thread, kept fresh, and the reply form. */
export function ConversationThread({ phone, title = 'Texts' }: { phone: string; title?: string }) {
  const thread = useConversation(phone);
  return (
    <section className="tool-section" aria-label={title}>
      <h3>{title}</h3>
      {thread.isPending ? (
        <p className="page-loading" role="status">
          Loading the texts…
        </p>
      ) : thread.isError && !thread.data ? (
        <p className="alert" role="alert">
          The texts could not be loaded just now. {failureText(thread.error, '')}
        </p>
      ) : (
        <ConversationView conversation={thread.data} now={new Date()}>
          <ReplyForm conversation={thread.data} />
        </ConversationView>
      )}
    </section>
  );
}
