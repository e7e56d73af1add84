import { renderVerificationText, type VerificationMessage, type VerificationValues } from '@vip/contracts/plain';
import type { ReactNode } from 'react';

/** Discord's **bold**, the one markup the default message uses; everything else shows as typed. */
function withBold(line: string): ReactNode[] {
  return line.split(/(\*\*[^*]+\*\*)/g).map((part, index) =>
    part.startsWith('**') && part.endsWith('**') && part.length > 4 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: cut from the text afresh on every keystroke, no state: the place is the identity
      <strong key={index}>{part.slice(2, -2)}</strong>
    ) : (
      part
    ),
  );
}

/** A Discord-like preview of the key-verification message as members will see it after /send. */
export function VerificationPreview({
  message,
  values,
  caption,
}: {
  message: VerificationMessage;
  values: VerificationValues;
  caption: string;
}) {
  const description = renderVerificationText(message.description, values).split('\n');
  return (
    <figure className="greeting-preview verification-preview" aria-label="Live preview">
      <figcaption className="preview-caption">{caption}</figcaption>
      <div className="preview-message">
        <span className="preview-avatar" aria-hidden="true">
          ◆
        </span>
        <div className="preview-body">
          <p className="preview-author">
            VIP Access <span className="bot-tag">BOT</span>
          </p>
          <div className="discord-embed" style={{ borderLeftColor: message.color }} data-testid="verification-preview">
            <p className="embed-title">{renderVerificationText(message.title, values)}</p>
            <div className="embed-description">
              {description.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines of the text as typed, no state: the place is the identity
                <p key={index}>{line === '' ? '\u00a0' : withBold(line)}</p>
              ))}
            </div>
            <p className="embed-footer">{values.serverName}</p>
          </div>
          <div className="embed-buttons">
            <span className="embed-button embed-button-link">{message.buttonLabel} ↗</span>
            <span className="embed-button embed-button-success">🔑 Redeem Key</span>
          </div>
        </div>
      </div>
    </figure>
  );
}
