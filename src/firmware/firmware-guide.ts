// The external update guide the shell's notice offers (a GoGo Board 7 is updated outside
// the app, spec core §4): set before the notice opens.
import { proxy } from 'valtio';

export const firmwareGuide = proxy({ url: '' });
