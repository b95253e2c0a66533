// Makes the first admin of a fresh install: `npm run make-admin -- <e-mail>`. ADMIN_EMAILS
// only promotes an e-mail a provider has verified, and an e-mail-and-password sign-up is
// never verified; this writes the role straight into the product's database (the one the
// server uses: DATABASE_URL, or SQLITE_FILE / data/gogo.sqlite), so it works the same with
// the Auth emulator and with a real Firebase project. The person signs in once first, so
// their account exists; after this, a reload of GoGo Code shows the admin menus.
import { loadConfig } from '../server/config.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { UserStore } from '../server/users/user-store.ts';

const USAGE = 'usage: npm run make-admin -- <e-mail of an account that has signed in>';

async function main(args: string[]): Promise<number> {
  const email = args.find((a) => !a.startsWith('-'))?.trim() ?? '';
  if (args.length !== 1 || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const where =
      config.database.kind === 'sqlite' ? config.database.file : 'the DATABASE_URL database';
    const { found, promoted } = await new UserStore(db.kysely, []).makeAdmin(email);
    if (found === 0) {
      console.error(
        `Nobody has signed in with ${email} yet (looked in ${where}). Sign in to GoGo Code ` +
          'once with this e-mail, any sign-in method, then run this again.',
      );
      return 1;
    }
    if (promoted === 0) {
      console.log(`${email} is already an administrator.`);
    } else {
      console.log(
        `${email} is now an administrator. Reload GoGo Code (or sign in again) to see the ` +
          'admin menus; from there, admins give roles to others under Classroom ▸ Users.',
      );
    }
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`make-admin: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
