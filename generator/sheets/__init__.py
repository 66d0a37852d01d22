"""Print-and-play components: reference cards and token sheets, imposed on paper."""
