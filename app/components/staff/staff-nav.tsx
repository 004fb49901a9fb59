import { NavLink } from "react-router";
import { STAFF_SECTIONS } from "../../staff/sections";

/** The staff console's sections, on every staff page, so that each is one click from the next. */
export function StaffNav() {
  return (
    <nav className="staff-nav" aria-label="Staff console">
      <NavLink to="/staff" end>
        Console
      </NavLink>
      {STAFF_SECTIONS.map((section) => (
        <NavLink key={section.href} to={section.href}>
          {section.title}
        </NavLink>
      ))}
    </nav>
  );
}
