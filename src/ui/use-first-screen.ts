// For decoration that can wait until the first screen takes input (src/ui/first-screen.ts).
import { useEffect, useState } from 'react';
import { isFirstScreenShown, whenFirstScreenShown } from './first-screen.ts';

/** False until the first screen takes input, then true. */
export function useFirstScreenShown(): boolean {
  const [shown, setShown] = useState(isFirstScreenShown);
  useEffect(() => {
    if (shown) return;
    let live = true;
    void whenFirstScreenShown().then(() => {
      if (live) setShown(true);
    });
    return () => {
      live = false;
    };
  }, [shown]);
  return shown;
}
