import type { Knex } from 'knex';

// The challenges (nonces) the app fetches before an app sign-up and binds its platform attestation
// to (Apple App Attest, Google Play Integrity; docs/NATIVE-SHELL.md). Single-use and short-lived:
// a sign-up deletes the row it uses, so an attestation cannot be replayed; only a hash is kept, so a
// read of the table gives nobody a usable challenge.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('app_challenges', (t) => {
    t.comment(
      'Sign-up challenges handed to the app for its platform attestation; a row is deleted when a sign-up uses it (single use) and is void after expires_at (docs/SECURITY.md)',
    );
    t.text('challenge_hash')
      .primary({ constraintName: 'app_challenges_pk' })
      .comment('SHA-256 (hex) of the challenge given to the app; the challenge itself is never stored');
    t.timestamp('created_at', { useTz: true }).notNullable().comment('When the challenge was issued');
    t.timestamp('expires_at', { useTz: true })
      .notNullable()
      .comment('After this instant the challenge is refused (and swept)');
    t.index(['expires_at'], 'app_challenges_expires_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('app_challenges');
}
