// `npm run user:create -- --email a@b.c --name "Full Name" --role admin [--password …]`
// Creates a person who can sign in. Without --password a strong one is generated and printed once.
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  fullNameSchema,
  passwordMaxLength,
  passwordMinLength,
  roleSchema,
  roles,
} from '@commonwise/contracts';
import { loadConfig } from '../plugins/config.ts';
import { databaseOptionsFor, openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { createUserWithPassword } from '../modules/users/users.service.ts';

const usage = `Usage: npm run user:create -- --email EMAIL --name "FULL NAME" --role ROLE [--password PASSWORD]
Roles: ${roles.join(', ')}`;

const argsSchema = z.object({
  email: z.email('must be a valid e-mail address'),
  name: z.string({ error: 'is required' }).pipe(fullNameSchema),
  role: z
    .string({ error: 'is required' })
    .pipe(z.enum(roleSchema.options, `must be one of ${roles.join(', ')}`)),
  password: z.string().min(passwordMinLength).max(passwordMaxLength).optional(),
});

let values;
try {
  values = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
    },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const parsed = argsSchema.safeParse(values);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(databaseOptionsFor(config));
try {
  await runMigrations(database);
  const password = parsed.data.password ?? randomBytes(12).toString('base64url');
  const profile = await createUserWithPassword(database.db, {
    email: parsed.data.email,
    fullName: parsed.data.name,
    role: parsed.data.role,
    password,
    emailVerified: true,
  });
  console.log(`Created ${profile.role} ${profile.fullName} <${profile.email}>.`);
  if (!parsed.data.password) console.log(`Password (shown once): ${password}`);
} catch (error) {
  const isDuplicate = String((error as { cause?: { code?: string } }).cause?.code ?? '') === '23505';
  console.error(
    isDuplicate ? `A user with e-mail ${parsed.data.email} already exists.` : (error as Error).message,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
