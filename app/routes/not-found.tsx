import { data } from "react-router";
import { NotFoundCard } from "../components/not-found-card";
import { pageMeta } from "../seo";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () =>
  pageMeta("404 Page Not Found", "The page you are looking for does not exist.");

export default function NotFound() {
  return <NotFoundCard />;
}
