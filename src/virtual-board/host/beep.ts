// The simulated board's buzzer: a short tone through Web Audio. Silent where audio is not
// available or not yet allowed (autoplay rules); a beep must never break the link.
let context: AudioContext | null = null;

export function playBeep(): void {
  try {
    if (typeof AudioContext === 'undefined') return;
    context ??= new AudioContext();
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = 'square';
    osc.frequency.value = 2000;
    gain.gain.value = 0.05;
    osc.connect(gain).connect(context.destination);
    const t = context.currentTime;
    osc.start(t);
    osc.stop(t + 0.12);
  } catch {
    // No audio here: the panel's beep counter still shows it.
  }
}
