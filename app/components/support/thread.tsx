import type { MessageView } from "../../support/views";
import { LocalTime } from "./local-time";
import { useSupportWords } from "./words";

/**
 * A ticket's messages, oldest first. Plain text only: React escapes the text, and line breaks are
 * kept by CSS (white-space: pre-wrap), so nothing a person types becomes markup.
 */
export function Thread({ messages, staffView }: { messages: MessageView[]; staffView: boolean }) {
  const w = useSupportWords();
  return (
    <ol className="support-thread" aria-label={w("support.thread.label", "Messages")}>
      {messages.map((message) => (
        <li
          key={message.id}
          className={`card support-message${message.fromStaff ? " support-message-staff" : ""}`}
        >
          <p className="muted small">
            <strong>
              {message.fromStaff
                ? w("support.thread.support", "Support")
                : staffView
                  ? "Customer"
                  : w("support.thread.you", "You")}
            </strong>{" "}
            · <LocalTime time={message.sent} />
          </p>
          <p className="support-body">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}
