// The frame of a project's or a catalog's screen: its banner and title, then a spinner while
// it loads, what went wrong, or (once loaded) its content. Signed out, a visitor reads
// published items too; the pages ask for sign-in only for what needs a user.
import './remix.css';
import type { ReactNode } from 'react';
import Loading from '../../ui/busy/Loading.tsx';
import HeaderImage from '../../ui/header-image/HeaderImage.tsx';

interface ItemScreenProps {
  screen: string;
  /** The banner's checked address, or null for none. */
  banner: string | null;
  title: string;
  loading: boolean;
  /** What went wrong, once the load has failed; null otherwise. */
  errorText: string | null;
  /** The content, called only once the item has loaded. */
  children: (() => ReactNode) | null | undefined | false;
}

export default function ItemScreen(props: ItemScreenProps) {
  const { banner, errorText, children } = props;
  return (
    <section
      className="container-xl py-3"
      aria-labelledby="screen-title"
      data-screen={props.screen}
    >
      <HeaderImage src={banner} className="header-banner remix-banner mb-3" />
      <h1 id="screen-title" className="h3">
        {props.title}
      </h1>
      {children ? (
        children()
      ) : props.loading || errorText === null ? (
        <Loading />
      ) : (
        <div className="alert alert-warning">{errorText}</div>
      )}
    </section>
  );
}
