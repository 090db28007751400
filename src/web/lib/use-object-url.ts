import { useEffect, useState } from 'react';

/**
 * An object URL for the blob while it is shown, released when it changes or goes: for the private
 * pictures fetched with the session (pick-up photos, photo moments, a conversation's photos).
 */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}
