import type { GeoPoint } from '@commonwise/contracts';
import { useState } from 'react';

export type LocationStatus = 'off' | 'asking' | 'on' | 'denied' | 'unavailable';

/** Four decimals is about 11 m: close enough to order units, and a step does not read the list again. */
const roundTo4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Where the inspector is, when they ask for it ("Use my location") and the browser agrees. `point` is
 * sent with each violation (it teaches the product where the unit is); `rounded` orders the units.
 */
export function useBrowserLocation() {
  const [point, setPoint] = useState<GeoPoint | null>(null);
  const [status, setStatus] = useState<LocationStatus>('off');

  const locate = () => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setStatus('unavailable');
      return;
    }
    setStatus('asking');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setPoint({ latitude: position.coords.latitude, longitude: position.coords.longitude });
        setStatus('on');
      },
      (error) => setStatus(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
  };

  const rounded = point ? { latitude: roundTo4(point.latitude), longitude: roundTo4(point.longitude) } : null;
  return { point, rounded, status, locate };
}
