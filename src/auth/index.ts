// What the other features use of sign-in: the sign-in service (Firebase loads with it, so
// start-up code imports this face dynamically).
export { authService, startAuth } from './runtime.ts';
