import { addToDiscordUrl } from '../../app/siteConfig.ts';

/**
 * The add-to-Discord link (administrator permission, bot + application-commands scopes). A
 * bot whose client id was not given at build time gets a disabled button and says so.
 */
export function AddToDiscord({
  clientId,
  botName,
  variable,
}: {
  clientId: string | undefined;
  botName: string;
  variable: string;
}) {
  const href = addToDiscordUrl(clientId);
  if (!href) {
    return (
      <div className="add-to-discord">
        <button type="button" className="button button-primary" disabled aria-describedby={`${variable}-note`}>
          Add to Discord
        </button>
        <p className="field-hint" id={`${variable}-note`}>
          The {botName} is not configured on this site yet ({variable} is not set).
        </p>
      </div>
    );
  }
  return (
    <a
      className="button button-primary"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Add the ${botName} to Discord`}
    >
      Add to Discord
    </a>
  );
}
