/** The product version shown in About (spec core §2). */
export const APP_VERSION = 'v25020';
