/*
 * host_text.h - the English of every mail to the host (config `admin`), one
 * printf format each, in one place: notify_host.c puts each built text
 * into the config's `lang` with templates/LANG/host.json, which maps these
 * formats, exactly, to their translations (refusal_i18n.h's catalogs), and
 * tests/unit/test_host_i18n.c checks that every format here has one in
 * each catalog. Macros, not a table: the compiler still checks each
 * format against its arguments. A paragraph is one line: the mail wraps
 * it at 78 columns (mq_notify_host_text), and a line "\n" puts the next
 * on a line of its own (a path); a command the host copies is a line of
 * its own, indented, two spaces or more before what it does.
 */
#ifndef MQ_HOST_TEXT_H
#define MQ_HOST_TEXT_H

/* The first line of every host mail. */
#define HOST_BANNER	"=== masqued · a message for the host ==="

/* A game whose log does not verify (notify_host.c): game; game, why,
 * game. */
#define HOST_STOPPED_SUBJECT	"[masqued] game %s is stopped: its log does not verify"
#define HOST_STOPPED_TEXT	"Game %s is stopped: its log does not verify, so " \
	"masqued neither applies nor mails anything for it until it does. " \
	"What failed:\n\n%s\n\n`masqued verify %s` says the same; the other " \
	"games go on."

/* A game whose log was cut, its last entries removed (notify_host.c;
 * store.c log_cut, ended_cut): game; game, why, game. */
#define HOST_CUT_SUBJECT	"[masqued] game %s is stopped: its log was cut"
#define HOST_CUT_TEXT	"Game %s is stopped: its log was cut (its last " \
	"entries were removed), so masqued neither applies nor mails anything " \
	"for it until its whole log is put back from a backup. What was " \
	"found:\n\n%s\n\nReplies to it wait in the inbox and are played " \
	"once the log is back; `masqued verify %s` checks it; the other games " \
	"go on."

/* Mails logged but not queued (notify_host.c): game, from, to, why. */
#define HOST_WAITS_SUBJECT	"[masqued] game %s waits: its mails cannot be queued"
#define HOST_WAITS_TEXT		"The mails of game %s's entries %llu-%llu " \
	"were logged but cannot be queued: %s\n\n" \
	"Until they are, the game waits: a reply to it stays in the inbox, " \
	"its deadlines do not run, and admin and submit on it say so. Each " \
	"pass of serve tries again: mend what is named above (a full disk, " \
	"a file in the way, its permissions) and the game carries on by " \
	"itself, each of those mails sent once. `masqued games` lists it " \
	"as waiting until then."

/* What a seat of The Red Death owes, in the words the players' mails use
 * ("Waiting for the placement of", "YOUR MOVE: choose your action card"),
 * not the engine's phase names (place, act, move): the owes of
 * HOST_POLICY_WAIT_TEXT and HOST_POLICY_WAIT_LATE_TEXT (deadline.c). */
#define HOST_OWES_PLACE	"the placement of their noble"
#define HOST_OWES_ACT	"an action card"
#define HOST_OWES_MOVE	"a move of their noble"
/* ... and of The Masquerade (the engine's dancer, order, stage, spell,
 * challenge, fight, bank, duel, discard, keep, event, swap), as its
 * players' mails ask them ("YOUR MOVE: choose your Dancer"). */
#define HOST_MS_OWES_DANCER	"the choice of their Dancer"
#define HOST_MS_OWES_ORDER	"the choice of their Order for the turn"
#define HOST_MS_OWES_STAGE	"a Stage for their dancer"
#define HOST_MS_OWES_SPELL	"their Spell phase (a Spell or PASS)"
#define HOST_MS_OWES_CHALLENGE	"whether to challenge from the Arena"
#define HOST_MS_OWES_FIGHT	"their side of the fight"
#define HOST_MS_OWES_BANK	"whether to bank a Spell"
#define HOST_MS_OWES_DUEL	"their Proclamation of Duel"
#define HOST_MS_OWES_DISCARD	"the Spells they discard"
#define HOST_MS_OWES_KEEP	"the Spells they keep"
#define HOST_MS_OWES_EVENT	"the prophet's choice of the Event"
#define HOST_MS_OWES_SWAP	"their Change of Partner"

/* Policy wait, a missed deadline (deadline.c). */
#define HOST_POLICY_WAIT_SUBJECT	"[masqued] game %s waits for you: %s missed a deadline"
/* game, kind, player, when, player, owes, player, game, span, player,
 * game, player, player, game, player, player, span, date, the game's
 * deadline (the English names them in order). The span is the time past
 * the deadline, rounded up to the hour, and the game's deadline (6h, 3d):
 * an extend counts from the deadline, so the mail says so, to what date
 * that one moves it, and that it gives the game's deadline from now (the
 * mail's time). Last, a paragraph
 * (HOST_POLICY_AGAIN_*) when this debt's deadline was missed before, or
 * "". */
#define HOST_POLICY_WAIT_TEXT	"In game %s (%s), %s's deadline passed at %s " \
	"(%s owes: %s). The game's deadline policy is wait, so nothing is " \
	"applied for %s until you act:\n\n" \
	"  masqued admin %s extend %s --why \"...\"    more time for %s\n" \
	"  masqued admin %s default %s --why \"...\"    the default move for " \
	"%s, this once\n" \
	"  masqued admin %s kick %s --why \"...\"    the deadline defaults play " \
	"the seat from now on\n\n" \
	"or leave it, and the game waits for %s's reply.\n\n" \
	"An extend counts from the deadline, not from when you run it: " \
	"extend %s moves it to %s, the game's deadline (%s) from now. Later " \
	"than that, extend by the time " \
	"since the deadline and the time you give; admin says how much if " \
	"it is too little.%s"

/* The same, the deadline passed so long ago (about a year) that no extend
 * reaches past now (extend takes at most 366d): a pause and a resume
 * start the debt afresh (replay.c's restart). game, kind, player, when,
 * player, owes, player, game, game, player, game, player, player, game,
 * player, player, the paragraph (as above) */
#define HOST_POLICY_WAIT_LATE_TEXT	"In game %s (%s), %s's deadline passed at %s " \
	"(%s owes: %s). The game's deadline policy is wait, so nothing is " \
	"applied for %s until you act:\n\n" \
	"  masqued admin %s pause --why \"...\"    then\n" \
	"  masqued admin %s resume --why \"...\"    a full deadline for %s " \
	"from the resume\n" \
	"  masqued admin %s default %s --why \"...\"    the default move for " \
	"%s, this once\n" \
	"  masqued admin %s kick %s --why \"...\"    the deadline defaults play " \
	"the seat from now on\n\n" \
	"or leave it, and the game waits for %s's reply.\n\n" \
	"The deadline passed more than a year ago. An extend counts from the " \
	"deadline and takes at most 366d, so none would reach past now; a " \
	"resume after a pause starts anew the deadline of each player whose " \
	"deadline had passed.%s"

/* The paragraph that ends a missed-deadline mail (one seat's, or the
 * one naming several) when the same debt's deadline was missed before
 * (the host was told of it), so that the host sees the pattern: how many
 * deadlines this move has missed, the players (a list), then the host's
 * extends of it: one (how much, when), several (how many, how much in
 * all, when the last), or none (a pause and a resume moved it). */
#define HOST_POLICY_AGAIN_ONE	"\n\nThis is missed deadline %d of this " \
	"move for %s: you extended it by %s on %s, and that deadline passed too."
#define HOST_POLICY_AGAIN_MANY	"\n\nThis is missed deadline %d of this " \
	"move for %s: you extended it %d times, by %s in all, the last on %s, " \
	"and that deadline passed too."
#define HOST_POLICY_AGAIN_MOVED	"\n\nThis is missed deadline %d of this " \
	"move for %s: a pause and a resume moved it since you were told, and " \
	"that deadline passed too."

/* Policy wait, more than one player missed the deadline in one pass: one
 * mail names them all. game, kind, when, the players (a list), the game's
 * deadline (6h, 3d: what the extend below gives from now), the command
 * lines (language-free: an extend, or a pause and a resume a year
 * late, then a default and a kick line each player), how often the host
 * is reminded (host_reminder, as 1d or 6h), a HOST_POLICY_AGAIN_*
 * paragraph or "". */
#define HOST_POLICY_WAIT_MANY_TEXT	"In game %s (%s), the deadline of %s " \
	"passed for %s. The game's deadline policy is wait, so nothing is " \
	"applied for them until you act: more time for every player (extend " \
	"counts from the deadline, not from when you run it; the one below " \
	"gives each at least the game's deadline, %s, from now), the default " \
	"move for one of them, this once (default), or the deadline defaults " \
	"for that seat from now on (kick):\n\n%s\n" \
	"or leave it, and the game waits for their replies. While it waits, " \
	"this reminder comes again every %s.%s"
/* Policy wait, host_reminder (a day unless set) or more after the host was
 * told and nothing done: the reminder, again each host_reminder on. game,
 * how long; game, kind, how long, when, the players (a list), the game's
 * deadline (6h, 3d: what the extend below gives from now, as the
 * missed-deadline mail says it), the command lines (as above), how often
 * (as above). */
#define HOST_POLICY_NUDGE_SUBJECT	"[masqued] game %s has waited for you for %s"
#define HOST_POLICY_NUDGE_TEXT	"Game %s (%s) has waited for your decision " \
	"for %s: the deadline of %s passed for %s, and the game's deadline " \
	"policy is wait, so nothing is applied and the players wait until you " \
	"act: more time for every player (extend counts from the deadline, not " \
	"from when you run it; the one below gives each at least the game's " \
	"deadline, %s, from now), the default move for one of them, this once " \
	"(default), or the deadline defaults for that seat from now on " \
	"(kick):\n\n%s\n" \
	"or leave it, and the game waits for their replies. While it waits, " \
	"this reminder comes again every %s."
/* The same a year late, when no extend reaches past now and the lines
 * are a pause and a resume (host_wait_lines): nothing said of what an
 * extend gives. game, kind, how long, when, the players, the command
 * lines, how often. */
#define HOST_POLICY_NUDGE_LATE_TEXT	"Game %s (%s) has waited for your decision " \
	"for %s: the deadline of %s passed for %s, and the game's deadline " \
	"policy is wait, so nothing is applied and the players wait until you " \
	"act: more time for every player (extend counts from the deadline, not " \
	"from when you run it), the default move for one of them, this once " \
	"(default), or the deadline defaults for that seat from now on " \
	"(kick):\n\n%s\n" \
	"or leave it, and the game waits for their replies. While it waits, " \
	"this reminder comes again every %s."

/* A game over (notify.c, with its players' end mail), once per game:
 * game; game, kind, the moment's word (a map: "round", "turn"), its
 * number, entry, the winner, game, game. By its rules with a winner, with
 * nobody left (The Red Death's "Nobody survived"), or ended by the host.
 * The commands check it. */
#define HOST_OVER_SUBJECT	"[masqued] game %s is over"
#define HOST_OVER_WON_TEXT	"Game %s (%s) is over by its rules, after " \
	"%s %d (entry %llu of its log): %s wins. Every player was sent the " \
	"end mail. To check it:\n\n" \
	"  masqued verify %s    its log, from the first entry\n" \
	"  masqued replay %s    the game played again, entry by entry\n"
#define HOST_OVER_NOBODY_TEXT	"Game %s (%s) is over by its rules, after " \
	"%s %d (entry %llu of its log): nobody survived, nobody wins. Every " \
	"player was sent the end mail. To check it:\n\n" \
	"  masqued verify %s    its log, from the first entry\n" \
	"  masqued replay %s    the game played again, entry by entry\n"
#define HOST_OVER_ENDED_TEXT	"Game %s (%s) is over: you ended it, after " \
	"%s %d (entry %llu of its log), with no winner. Every player was sent " \
	"the end mail. To check it:\n\n" \
	"  masqued verify %s    its log, from the first entry\n" \
	"  masqued replay %s    the game played again, entry by entry\n"
/* The same, ended before its first round or turn: game, kind, the word,
 * entry, game, game. */
#define HOST_OVER_EARLY_TEXT	"Game %s (%s) is over: you ended it before " \
	"its first %s (entry %llu of its log), with no winner. Every player " \
	"was sent the end mail. To check it:\n\n" \
	"  masqued verify %s    its log, from the first entry\n" \
	"  masqued replay %s    the game played again, entry by entry\n"

/* A player's mail to a paused game, refused (inbound.c), once per player
 * per pause: game, player; game, kind, player, player, game, player. */
#define HOST_PAUSED_PLAY_SUBJECT	"[masqued] game %s is paused: %s tried to play"
#define HOST_PAUSED_PLAY_TEXT	"In game %s (%s), which is paused, %s sent a " \
	"mail to play. It was refused, and %s was told to send it again once " \
	"the game resumes, and that you are the host. While the game is " \
	"paused, no move is taken and no deadline runs. To play on:\n\n" \
	"  masqued admin %s resume --why \"...\"\n\n" \
	"Further mails from %s while this pause lasts are refused without " \
	"telling you again."
/* Policy wait: a player the host was told of moved since (inbound.c):
 * the game goes on. game, player; game, kind, player, entry, when,
 * player. */
#define HOST_POLICY_MOVED_SUBJECT	"[masqued] game %s goes on: %s moved"
#define HOST_POLICY_MOVED_TEXT	"In game %s (%s), %s moved (entry %llu) " \
	"after the deadline of %s that you were told of, so the game goes " \
	"on and there is nothing for you to do: the commands of that mail " \
	"were for a move %s has made since."

/* Nobody plays: the game paused itself (deadline.c). */
#define HOST_ABSENT_SUBJECT	"[masqued] game %s is paused: nobody is playing"
/* game, kind, entry, game, game */
#define HOST_ABSENT_TEXT	"In game %s (%s), every player missed a " \
	"deadline and nobody has played since, so masqued stopped playing " \
	"the deadline defaults and paused the game (entry %llu). The players " \
	"were told. Then:\n\n" \
	"  masqued admin %s resume --why \"...\"    play on (the defaults " \
	"too, until every player has missed a deadline once more)\n" \
	"  masqued admin %s end --why \"...\"       end it, revealing every " \
	"secret\n"

/* A bounce (inbound.c): to, from, subject, datadir, hash. SEAT: an address
 * seats hold: to, from, subject, the players' names (a list), datadir,
 * hash, a command line each seat (language-free: its words are the
 * command's, as the host copies it). Unnamed: the report names no address. */
#define HOST_BOUNCE_SUBJECT	"[masqued] mail to %s bounced"
#define HOST_BOUNCE_TEXT	"Mail to %s bounced. A delivery report (bounce) " \
	"came back from %s, subject \"%s\". If it is a player's address, it " \
	"may be failing; the report is archived as\n%s/archive/%s.eml.\n\n" \
	"Further bounces for it today are in the daemon's log only."
#define HOST_BOUNCE_SEAT_TEXT	"Mail to %s bounced. A delivery report " \
	"(bounce) came back from %s, subject \"%s\". It is the address of the " \
	"player %s and may be failing; the report is archived as\n" \
	"%s/archive/%s.eml.\n\nFurther bounces for it today are in the " \
	"daemon's log only.\n\nTo give their seat a working one:\n\n%s"
/* A dead letter's paragraph naming the seats its address holds: a command
 * line each (language-free). */
#define HOST_BOUNCE_PLAYER	"\n\nIt is a player's address. To give their " \
	"seat a working one:\n\n%s"
/* A bounce of an address whose seats here are all in games over: no
 * replace (admin refuses a game over). to, from, subject, the players'
 * names (a list), the games (a list), datadir, hash, a command line each
 * game (language-free: the export to send the player). */
#define HOST_BOUNCE_OVER_TEXT	"Mail to %s bounced. A delivery report " \
	"(bounce) came back from %s, subject \"%s\". It is the address of the " \
	"player %s, whose games here are over (%s): a seat of a game over " \
	"takes no new address (admin replace refuses it), so the address only " \
	"missed those games' last mails. The report is archived as\n" \
	"%s/archive/%s.eml.\n\nFurther bounces for it today are in the " \
	"daemon's log only.\n\nIf the player has another address, send them " \
	"the game's export, which `verify` and `state` read with no data " \
	"folder:\n\n%s\n\nOnce the address takes mail again, a reply of " \
	"STATUS from it to any of the game's mails gets the end mail again."
/* A dead letter of a game's own mail (its end mail) to a seat of a game
 * over: the players' names (a list), the game, its export's command line
 * (language-free). */
#define HOST_DEAD_OVER	"\n\nIt is the address of the player %s in game " \
	"%s, which is over: a seat of a game over takes no new address (admin " \
	"replace refuses it), so the address only missed the game's last " \
	"mails. If the player has another address, forward them the mail kept " \
	"there (its .eml file), or send them the game's export, which `verify` " \
	"and `state` read with no data folder:\n\n%s\n\nOnce the address " \
	"takes mail again, a reply of STATUS from it to any of the game's " \
	"mails gets the end mail again."
/* A reply with a seat's sound reply address from an address not the
 * seat's (inbound.c), perhaps its player's new one: game, player, from,
 * the seat's address, player, the replace command line (language-free),
 * player. Once per game and address. */
#define HOST_NEW_FROM_SUBJECT	"[masqued] game %s: %s wrote from another address"
#define HOST_NEW_FROM_TEXT	"In game %s, a reply to %s's mail came " \
	"from %s, not from the seat's address %s. It was not played, and " \
	"the sender was told that you have been told.\n\nIf %s has changed " \
	"address, first check with them by another channel (not by answering " \
	"that address) that it is really them: anyone can put any address in " \
	"a mail's From, and the seat's mail and moves would go to whoever " \
	"holds it. Then give the seat the new address:\n\n%s\n\nUntil then, " \
	"mail from that address to this game is refused the same way; you are " \
	"not told of it again. If it is not %s, do nothing."
/* The same from the seat's former address, which a replace of the host's
 * took from it while its player kept the seat: the replace line would
 * undo that replace, so the mail says so. game, player; game, player,
 * from, the seat's address, from, player, the replace's time, player, the
 * replace command line (language-free), the seat's address. */
#define HOST_NEW_FROM_FORMER_SUBJECT	"[masqued] game %s: %s wrote from the address you replaced"
#define HOST_NEW_FROM_FORMER_TEXT	"In game %s, a reply to %s's mail " \
	"came from %s, not from the seat's address %s. It was not played, " \
	"and the sender was told that you have been told.\n\n%s is the " \
	"address you replaced for %s on %s. If %s has gone back to it, first " \
	"check with them by another channel (not by answering that address) " \
	"that it is really them: anyone can put any address in a mail's " \
	"From, and the seat's mail and moves would go to whoever holds it. " \
	"Then give the seat that address again:\n\n%s\n\nUntil then, mail " \
	"from that address to this game is refused the same way; you are not " \
	"told of it again. Otherwise do nothing: the seat keeps %s."
/* The same from the address of the player the host removed: kicked, then
 * the seat given to another, or a replace --new-player. Nothing to undo
 * nor to give: the mail says who it is, and when. game, player; game,
 * player, from, the seat's address, from, the removal's time, the seat's
 * address. */
#define HOST_NEW_FROM_REMOVED_SUBJECT	"[masqued] game %s: the player you removed from %s's seat wrote"
#define HOST_NEW_FROM_REMOVED_TEXT	"In game %s, a reply to %s's mail " \
	"came from %s, not from the seat's address %s. It was not played.\n\n" \
	"%s is the address of the player you removed from that seat on %s; " \
	"the seat went to another person, who plays it from %s. The sender " \
	"was told that they were removed from the game, and when, and to ask " \
	"you about it. There is nothing to do: mail from that address to this " \
	"game is refused the same way, and you are not told of it again."
#define HOST_BOUNCE_UNNAMED_SUBJECT	"[masqued] a mail bounced"
#define HOST_BOUNCE_UNNAMED_TEXT	"A delivery report (bounce) came back " \
	"from %s, subject \"%s\". One of the players' addresses may be " \
	"failing; the report is archived as\n%s/archive/%s.eml.\n\n" \
	"Further bounces for an address the report does not name today are " \
	"in the daemon's log only."
#define HOST_UNKNOWN_SENDER	"an unknown sender"

/* A reply logged whose answers cannot be rebuilt (mailmark.c): game,
 * player; game, entry, player, why, player, game. */
#define HOST_UNANSWERED_SUBJECT	"[masqued] game %s: a move of %s was logged but not answered"
#define HOST_UNANSWERED_TEXT	"In game %s, entry %llu holds a reply of " \
	"%s: it was logged, but its answers (the receipt, the others' " \
	"notices) were not queued, and %s.\n\n" \
	"They wait for the message to be read again, and the game's later " \
	"mail waits with them, until the game's next entry (if this move " \
	"ended the game, there is none: its end mail waits too). If the " \
	"message is gone, ask %s to send it again from their sent mail (it " \
	"is then only acknowledged, and its answers go); or tell them the " \
	"move was taken (masqued log %s shows it)."

/* The IMAP mailbox stuck at one message (stuck.c): uid, mailbox, passes,
 * why, validity, uid, datadir. */
#define HOST_IMAP_STUCK_SUBJECT	"[masqued] the game mailbox is stuck at one message"
#define HOST_IMAP_STUCK_TEXT	"masqued has stopped at message UID %u of " \
	"the mailbox %s in %llu passes in a row: %s\n\n" \
	"Every game waits until it gets past it: the mailbox is read in " \
	"order, and a message is never skipped, since it may be a move. " \
	"Look at the message with a mail client. If it is not a move, have " \
	"masqued pass it by writing \"%u %u\" into\n%s/cursor/imap."

/* A game stuck at a Maildir message (stuck.c): game; game, passes,
 * inbox, game. */
#define HOST_GAME_STUCK_SUBJECT	"[masqued] game %s is stuck at a message it cannot process"
#define HOST_GAME_STUCK_TEXT	"A message for game %s could not be " \
	"processed in %llu passes in a row; the daemon's log names it and " \
	"says why (\"not processed: ...\").\n\n" \
	"It stays in the inbox (%s) and is tried again each pass, since it " \
	"may be a move. Until it goes through, game %s waits: its later " \
	"messages, its mail and its deadlines. The other games go on.\n\n" \
	"Mend what the log names (a full disk, a file's permissions), or, " \
	"if the message is not a move, move it out of the inbox: the game " \
	"carries on at the next pass."

/* Moves to the IMAP done folder that fail (stuck.c): count, folder, why,
 * mailbox, mailbox, folder. */
#define HOST_UNDONE_SUBJECT	"[masqued] messages cannot be moved to the done folder"
#define HOST_UNDONE_TEXT	"masqued could not move the last %llu " \
	"messages it read to the folder \"%s\" (imap_done_folder): %s\n\n" \
	"Nothing is lost: each message was read and answered, and it stays " \
	"in %s behind masqued's cursor, never read again. But until the " \
	"moves go through, %s keeps every message. Check that the account " \
	"may make and write that folder (a provider may name folders " \
	"differently, or want its prefix: \"INBOX.%s\"), or take " \
	"imap_done_folder out of masqued.conf to leave messages where they " \
	"are. Once a move goes through, a later failure is told again."

/* The disk is full (reserve.c): datadir, KiB free; _FREED when the room
 * kept back was given up for this mail. */
#define HOST_DISK_FULL_SUBJECT	"[masqued] the disk is full: games wait"
#define HOST_DISK_FULL_TEXT	"The disk that holds masqued's data folder " \
	"(%s) is full: %llu KiB free.\n\n" DISK_FULL_REST
#define HOST_DISK_FULL_FREED_TEXT	HOST_DISK_FULL_TEXT DISK_FULL_FREED
/* The same when files, not bytes, ran out: the inodes left. */
#define HOST_DISK_INODES_TEXT	"The disk that holds masqued's data folder " \
	"(%s) can hold no more files: %llu inodes free.\n\n" DISK_FULL_REST
#define HOST_DISK_INODES_FREED_TEXT	HOST_DISK_INODES_TEXT DISK_FULL_FREED
/* (parts of the four above, not formats of their own) */
#define DISK_FULL_REST "Nothing is lost or played twice while it lasts. " \
	"A reply masqued cannot archive, log and answer stays in the inbox " \
	"and is read again at the next pass; a game whose mails cannot be " \
	"queued waits, its deadlines with it; the daemon's log says what " \
	"failed.\n\nMake room on that disk, and the games carry on at the " \
	"next pass by themselves."
#define DISK_FULL_FREED " To queue this mail, masqued gave up the room it " \
	"keeps back for it (cursor/reserve and cursor/reserve-inode in the " \
	"data folder); it keeps it back again once there is room."

/* A dead letter (spool_notice.c): name, recipient, datadir, the seats the
 * recipient holds (HOST_BOUNCE_PLAYER, or nothing), the last answer,
 * datadir, name. */
#define HOST_DEAD_SUBJECT	"[masqued] undeliverable mail to %s"
#define HOST_DEAD_TEXT		"The mail %s to %s could not be delivered and " \
	"was moved to\n%s/spool/dead/.%s\n\nThe last answer: %s\n\nIt " \
	"stays there until you move it: back into %s/spool/ to try it again " \
	"once the fault is mended, or delete it (a seat's new address gets " \
	"the game's next mails, not this one). masqued games counts the mails " \
	"kept there (%s.eml)."
/* The same of a game's own mail whose game is over (its end mail): no word
 * of a seat's new address, which admin replace refuses for a game over
 * (the seats paragraph, HOST_DEAD_OVER, says what the host can do). */
#define HOST_DEAD_ENDED_TEXT	"The mail %s to %s could not be delivered " \
	"and was moved to\n%s/spool/dead/.%s\n\nThe last answer: %s\n\nIt " \
	"stays there until you move it: back into %s/spool/ to try it again " \
	"once the fault is mended, or delete it. masqued games counts the " \
	"mails kept there (%s.eml)."

/* An SMTP outage that ended (spool_notice.c, outage.h): the server's
 * host:port, its start and end (UTC), the server's latest answer, datadir. */
#define HOST_SMTP_BACK_SUBJECT	"[masqued] the SMTP server takes mail again"
#define HOST_SMTP_BACK_TEXT	"The SMTP server %s took no mail from %s " \
	"until %s. Its answer: %s\n\nThe mails queued meanwhile waited in " \
	"%s/spool without counting a try against them, and are sent now: " \
	"none was lost."

/* The same through sendmail (outbound = sendmail): its path, the start
 * and end (UTC), its latest answer, datadir. */
#define HOST_SENDMAIL_BACK_SUBJECT	"[masqued] sendmail takes mail again"
#define HOST_SENDMAIL_BACK_TEXT	"The local mail server's %s took no mail " \
	"from %s until %s. Its answer: %s\n\nThe mails queued meanwhile " \
	"waited in %s/spool without counting a try against them, and are " \
	"sent now: none was lost."

/* The IMAP mailbox unread (inbound_outage.c, outage.h): the mailbox, the
 * server's host:port, the outage's start (UTC), the server's latest answer.
 * Out of reach, told after an hour (it mends itself as a rule); a refused
 * login or TLS, told at once (only the host can mend it). */
#define HOST_IMAP_DOWN_SUBJECT	"[masqued] the game mailbox cannot be read"
#define HOST_IMAP_DOWN_TEXT	"masqued has not read the mailbox %s on the " \
	"IMAP server %s since %s: it cannot reach the server. Its latest " \
	"answer: %s\n\nNo move is lost: the players' mails wait on the " \
	"server, and no deadline passes until masqued has read the mailbox " \
	"to its end. serve tries again at each pass; you hear from it when " \
	"it reads the mailbox again."
#define HOST_IMAP_REFUSED_TEXT	"masqued has not read the mailbox %s on the " \
	"IMAP server %s since %s: the server refuses it. Its answer: %s\n\n" \
	"This is yours to mend: check imap_user, the password " \
	"(imap_password_file or imap_password_env), tls and imap_mailbox in " \
	"masqued's configuration, and the account on the server. No move is " \
	"lost meanwhile: the players' mails wait on the server, and no " \
	"deadline passes until masqued has read the mailbox to its end. serve " \
	"tries again at each pass; you hear from it when it reads the mailbox " \
	"again."
/* Its end, told to a host who was told of it: the mailbox, the server's
 * host:port, the outage's start and end (UTC). */
#define HOST_IMAP_BACK_SUBJECT	"[masqued] the game mailbox is read again"
#define HOST_IMAP_BACK_TEXT	"masqued reads the mailbox %s on the IMAP " \
	"server %s again: it was unread from %s until %s.\n\nThe moves " \
	"that came meanwhile are applied now, in the order they came, before " \
	"any deadline passes: none was lost."

#endif
