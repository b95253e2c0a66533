// Settings the e2e stack starts with (playwright.config.ts) and the tests rely on.

/** Made admin by the server (ADMIN_EMAILS) when it signs in with a verified e-mail. */
export const E2E_ADMIN_EMAIL = 'classroom-admin@example.com';
