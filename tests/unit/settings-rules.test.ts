import { describe, expect, it } from "vitest";
import { configDefaults } from "@/lib/config/values";
import { idCardCanvas, imageQuality } from "@/lib/evidence/capture-size";
import {
  isPlatformOnly,
  parseStored,
  problemFor,
  settingDescriptors,
  settingNames,
  settingSections,
  settingsFormSchema,
  toStored,
  updateSettingsInput,
} from "@/lib/settings/capture-settings-schemas";

describe("capture settings rules", () => {
  it("has a built-in default for every setting, and the defaults are within the bounds", () => {
    const defaults = Object.fromEntries(settingNames.map((name) => [name, parseStored(name, undefined, configDefaults[name] ?? "")]));
    for (const name of settingNames) expect(configDefaults[name], name).toBeDefined();
    expect(settingsFormSchema.safeParse(defaults).success).toBe(true);
  });

  it("shows every setting in exactly one section", () => {
    expect(settingSections.flatMap((s) => s.names).sort()).toEqual([...settingNames].sort());
  });

  it("marks the snippet and face-check settings as platform-level, and only those", () => {
    expect(settingNames.filter(isPlatformOnly).sort()).toEqual(
      ["face_match_threshold", "face_min_score", "snippet_active", "snippet_html", "snippet_javascript"].sort(),
    );
  });

  it("accepts the bounds themselves and refuses what lies outside", () => {
    for (const name of settingNames) {
      const d = settingDescriptors[name];
      if (d.kind !== "integer" && d.kind !== "decimal") continue;
      expect(updateSettingsInput.safeParse({ [name]: d.min }).success, `${name}=${d.min}`).toBe(true);
      expect(updateSettingsInput.safeParse({ [name]: d.max }).success, `${name}=${d.max}`).toBe(true);
      expect(updateSettingsInput.safeParse({ [name]: d.min - 0.001 }).success, `${name}<min`).toBe(false);
      expect(updateSettingsInput.safeParse({ [name]: d.max + 0.001 }).success, `${name}>max`).toBe(false);
      expect(problemFor(name)).toEqual({ code: "SETTINGS_OUT_OF_BOUNDS", field: name, min: d.min, max: d.max });
    }
    expect(updateSettingsInput.safeParse({ nope: 1 }).success).toBe(false);
    expect(problemFor("nope")).toEqual({ code: "SETTINGS_VALUE_INVALID", field: "nope" });
  });

  it("stores sizes and qualities the capture pages read back unchanged", () => {
    const parsed = updateSettingsInput.parse({ idcard_canvas_size: " 0900;600 ", idcard_image_quality: 0.75 });
    expect(parsed.idcard_canvas_size).toBe("900;600");
    expect(idCardCanvas({ idcard_canvas_size: parsed.idcard_canvas_size })).toEqual({ width: 900, height: 600 });
    expect(imageQuality(toStored(parsed.idcard_image_quality!))).toBe(0.75);
    expect(toStored(true)).toBe("true");
    expect(parseStored("janus_on_all_devices", "true", "false")).toBe(true);
    expect(parseStored("max_upload_mb", "garbage", "10")).toBe(10);
  });
});
