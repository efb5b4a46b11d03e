import { type ReactNode, useEffect, useRef } from 'react';
import { useI18n } from '../i18n/i18n';
import { useRouter } from '../router/router';

/**
 * A screen's heading and content. After a client-side navigation the heading takes the focus, so a
 * keyboard or screen-reader user starts at the new screen, as after a page load.
 */
export function Page({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const { t } = useI18n();
  const { navigations } = useRouter();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${t('app.title')}`;
  }, [title, t]);
  useEffect(() => {
    if (navigations > 0) heading.current?.focus();
  }, [navigations]);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {intro && <p className="intro">{intro}</p>}
      {children}
    </>
  );
}
