const hasStripe = () => Boolean((window as { Stripe?: unknown }).Stripe);

const loading = new Map<string, Promise<void>>();

/**
 * Loads the card processor's script from `src` (the local emulator's stand-in: tests and the demo),
 * which defines `window.Stripe` for loadStripe to take. Once is enough: a page that has `window.Stripe`
 * loads nothing. A script that failed is removed and forgotten, so that a retry fetches it again.
 */
export function loadStripeScript(src: string): Promise<void> {
  if (hasStripe()) return Promise.resolve();
  let load = loading.get(src);
  if (!load) {
    const script = document.createElement('script');
    load = new Promise<void>((resolve, reject) => {
      script.addEventListener('load', () =>
        hasStripe() ? resolve() : reject(new Error(`${src} did not define Stripe`)),
      );
      script.addEventListener('error', () => reject(new Error(`${src} could not be loaded`)));
    }).catch((error: unknown) => {
      script.remove();
      loading.delete(src);
      throw error;
    });
    loading.set(src, load);
    script.src = src;
    document.head.append(script);
  }
  return load;
}
