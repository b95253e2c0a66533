import { useEffect } from 'react';
import { useNavigation } from 'react-router-dom';
import { ui } from '../../state/ui.ts';

/**
 * The loading flag (spec core §2): set when a route change starts (its guard and code are
 * loading) and cleared once the new screen is in place.
 */
export function useRouteLoading(): void {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    ui.loading = busy;
  }, [busy]);
}
