// Light/dark switch and background choice, kept in local storage (applied before paint by the boot script).
import { useEffect, useId, useState } from "react";
import { BACKGROUND_KEY, BACKGROUNDS, type Background, THEME_KEY, type ThemeChoice } from "~/lib/boot-script";

const BACKGROUND_LABEL: Record<Background, string> = { paper: "宣紙", white: "素白", lotus: "蓮紋" };

function applyTheme(theme: ThemeChoice) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  document.documentElement.style.colorScheme = theme;
}

export function ThemeControls() {
  const selectId = useId();
  const [theme, setTheme] = useState<ThemeChoice>("light");
  const [background, setBackground] = useState<Background>("paper");

  useEffect(() => {
    setTheme(document.documentElement.classList.contains("dark") ? "dark" : "light");
    const bg = document.documentElement.getAttribute("data-bg") as Background | null;
    if (bg && BACKGROUNDS.includes(bg)) setBackground(bg);
  }, []);

  const toggleTheme = () => {
    const next: ThemeChoice = theme === "dark" ? "light" : "dark";
    setTheme(next);
    applyTheme(next);
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      // storage unavailable (private mode): the choice lasts for this page only
    }
  };

  const chooseBackground = (next: Background) => {
    setBackground(next);
    document.documentElement.setAttribute("data-bg", next);
    try {
      localStorage.setItem(BACKGROUND_KEY, next);
    } catch {
      // as above
    }
  };

  // Without scripts neither control can do anything: they are not shown (html:not([data-js]) .script-only).
  return (
    <div className="script-only flex items-center gap-3">
      <button
        type="button"
        className="btn-outline h-control-sm px-3 text-sm"
        aria-pressed={theme === "dark"}
        onClick={toggleTheme}
      >
        深色模式
      </button>
      <label htmlFor={selectId} className="text-sm text-ink-muted">
        背景
      </label>
      <select
        id={selectId}
        className="h-control-sm border border-line bg-surface text-ink px-2 text-sm"
        value={background}
        onChange={(e) => chooseBackground(e.target.value as Background)}
      >
        {BACKGROUNDS.map((bg) => (
          <option key={bg} value={bg}>
            {BACKGROUND_LABEL[bg]}
          </option>
        ))}
      </select>
    </div>
  );
}
