import { useState } from 'react';

const DEFAULT_AVATAR = '/images/default-avatar.svg';

/** The account's picture, or the default image when it has none or it fails to load. */
export function UserAvatar({ src, size = 'size-10' }: { src: string | null | undefined; size?: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const url = src && broken !== src ? src : DEFAULT_AVATAR;
  return (
    <img
      src={url}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      onError={() => setBroken(src ?? null)}
      className={`${size} shrink-0 rounded-full bg-slate-100 object-cover`}
    />
  );
}
