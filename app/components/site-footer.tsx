import { Link } from "react-router";

export function SiteFooter({ salesEmail }: { salesEmail: string }) {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <nav aria-label="Footer" className="footer-links">
          <Link to="/help">Help Center</Link>
          <Link to="/faq">FAQ</Link>
          <Link to="/bulk">Bulk</Link>
          <Link to="/docs/api">API</Link>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
          <a href={`mailto:${salesEmail}`}>Contact Us</a>
        </nav>
        <p className="copyright">© 2024 QR Code Creator. All rights reserved.</p>
      </div>
    </footer>
  );
}
