import { type PreviewPart, previewParts } from './greetingDefaults.ts';

/** A Discord-like preview of the greeting as the new member would see it. */
export function GreetingPreview({
  message,
  serverName,
  memberCount,
  channelName,
}: {
  message: string;
  serverName: string;
  memberCount: number | null;
  channelName?: string;
}) {
  const parts = previewParts(message, serverName, memberCount);
  return (
    <figure className="greeting-preview" aria-label="Live preview">
      <figcaption className="preview-caption">Live preview{channelName ? ` in #${channelName}` : ''}</figcaption>
      <div className="preview-message">
        <span className="preview-avatar" aria-hidden="true">
          ◆
        </span>
        <div>
          <p className="preview-author">
            VIP Access <span className="bot-tag">BOT</span>
          </p>
          <p className="preview-text" data-testid="greeting-preview">
            {parts.length === 0 ? (
              <span className="muted">Your message appears here.</span>
            ) : (
              parts.map((part, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts are cut from the message afresh on every keystroke and hold no state: their place is their identity
                <PreviewText key={index} part={part} />
              ))
            )}
          </p>
        </div>
      </div>
    </figure>
  );
}

function PreviewText({ part }: { part: PreviewPart }) {
  if (part.kind === 'mention') return <span className="mention-chip">{part.text}</span>;
  if (part.kind === 'value') return <strong>{part.text}</strong>;
  return <span>{part.text}</span>;
}
