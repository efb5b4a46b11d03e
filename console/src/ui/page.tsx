import { type ReactNode, useEffect, useRef } from 'react';
import { useI18n } from '../i18n/i18n';
import { useRouter } from '../router/router';

/**
 * A screen's heading and content. When a client-side navigation brings a new screen, its heading
 * takes the focus, so a keyboard or screen-reader user starts there, as after a page load; a new
 * query on the same screen (a search) leaves the focus where it was.
 */
export function Page({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const { t } = useI18n();
  const { navigations } = useRouter();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${t('app.title')}`;
  }, [title, t]);
  const navigated = useRef(navigations > 0);
  useEffect(() => {
    if (navigated.current) heading.current?.focus();
  }, []);
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
