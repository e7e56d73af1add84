import { previewParts } from './greetingDefaults.ts';

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
              parts.map((part, index) =>
                part.kind === 'mention' ? (
                  <span key={index} className="mention-chip">
                    {part.text}
                  </span>
                ) : part.kind === 'value' ? (
                  <strong key={index}>{part.text}</strong>
                ) : (
                  <span key={index}>{part.text}</span>
                ),
              )
            )}
          </p>
        </div>
      </div>
    </figure>
  );
}
