import type { BotInvite } from '@vip/contracts';

/**
 * The add-to-Discord link the running product gives (the bot's own permissions, bot +
 * application-commands scopes). A bot the site has not set up gets a disabled button that
 * says so in a visitor's words (which setting is missing is the operator's business: the
 * server's log and docs/configuration.md say it).
 */
export function AddToDiscord({ bot, botName, noteId }: { bot: BotInvite | null; botName: string; noteId: string }) {
  if (!bot) {
    return (
      <div className="add-to-discord">
        <button type="button" className="button button-primary" disabled aria-describedby={noteId}>
          Add to Discord
        </button>
        <p className="field-hint" id={noteId}>
          The {botName} cannot be added from this site yet.
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
