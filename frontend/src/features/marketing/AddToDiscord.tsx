import type { BotInvite } from '@vip/contracts';

/**
 * The add-to-Discord link the running product gives (the bot's own permissions, bot +
 * application-commands scopes). A bot whose client id is not configured gets a disabled
 * button that says which variable is missing.
 */
export function AddToDiscord({ bot, botName, variable }: { bot: BotInvite | null; botName: string; variable: string }) {
  if (!bot) {
    const noteId = `${variable.toLowerCase()}-note`;
    return (
      <div className="add-to-discord">
        <button type="button" className="button button-primary" disabled aria-describedby={noteId}>
          Add to Discord
        </button>
        <p className="field-hint" id={noteId}>
          The {botName} is not configured on this site yet ({variable} is not set).
        </p>
      </div>
    );
  }
  return (
    <a
      className="button button-primary"
      href={bot.inviteUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Add the ${botName} to Discord`}
    >
      Add to Discord
    </a>
  );
}
